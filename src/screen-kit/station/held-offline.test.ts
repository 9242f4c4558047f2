import { describe, expect, it } from "vitest";
import {
  confirmHeldClose,
  expectLabel,
  heldRoleOffline,
  holdUnchecked,
  queueHeldClose,
  refuseHeldClose,
} from "./held-offline";
import { closeHeld, EMPTY_STATION, holdScan, type StationState } from "./station-state";

const NOTE = "held unchecked";

describe("children first without the server", () => {
  it("holds codes unchecked until the package is full, then takes the next scan for its label", () => {
    let state: StationState = holdScan(EMPTY_STATION, "I1", 3);
    expect(heldRoleOffline(state)).toBe("item");
    state = holdUnchecked(state, "I2", NOTE);
    expect(state.last).toMatchObject({ kind: "queued", code: "I2", message: NOTE });
    expect(state.held).toEqual({ codes: ["I1", "I2"], capacity: 3 });
    expect(heldRoleOffline(state)).toBe("item");
    state = holdUnchecked(state, "I3", NOTE);
    expect(heldRoleOffline(state)).toBe("label");
    expect(state.count).toBe(3);
  });

  it("takes the scan after F8 for a part package's label, and never an empty package's", () => {
    expect(heldRoleOffline(expectLabel(EMPTY_STATION))).toBe("item");
    const state = expectLabel(holdScan(EMPTY_STATION, "I1", 12));
    expect(state.last?.nextKey).toBe("screens.station.next.label");
    expect(heldRoleOffline(state)).toBe("label");
    expect(heldRoleOffline(holdUnchecked(state, "I2", NOTE))).toBe("item");
  });

  it("without a known capacity holds every scan until F8", () => {
    let state = holdUnchecked(EMPTY_STATION, "I1", NOTE);
    for (const code of ["I2", "I3", "I4", "I5"]) state = holdUnchecked(state, code, NOTE);
    expect(heldRoleOffline(state)).toBe("item");
    expect(heldRoleOffline(expectLabel(state))).toBe("label");
  });

  it("a queued close empties the package and keeps its capacity for the next; confirmed, it reads complete", () => {
    const held = holdUnchecked(holdScan(EMPTY_STATION, "I1", 2), "I2", NOTE);
    const queued = queueHeldClose(expectLabel(held), "B1", "k1");
    expect(queued.last).toMatchObject({ kind: "queued", code: "B1", key: "k1", unit: { held: 2, capacity: 2 } });
    expect(queued.held).toEqual({ codes: [], capacity: 2 });
    expect(queued.labelNext).toBeFalsy();
    expect(queued.accepted).toEqual([]);
    expect(queued.count).toBe(2);
    expect(confirmHeldClose(queued, "k1").last?.kind).toBe("complete");
    expect(confirmHeldClose(queued, "other")).toBe(queued);
  });

  it("a close refused on replay takes its codes off the count and says what to do, if its verdict still shows", () => {
    const queued = queueHeldClose(holdUnchecked(holdScan(EMPTY_STATION, "I1", 2), "I2", NOTE), "B1", "k1");
    const refused = refuseHeldClose(queued, "k1", "B1", 2, "I2 is already packed");
    expect(refused.count).toBe(0);
    expect(refused.last).toMatchObject({
      kind: "refused",
      code: "B1",
      message: "I2 is already packed",
      nextKey: "screens.station.next.clearRefused",
    });
    const later = holdUnchecked(queued, "I9", NOTE);
    const quiet = refuseHeldClose(later, "k1", "B1", 2, "refused");
    expect(quiet.count).toBe(1);
    expect(quiet.last?.code).toBe("I9");
  });

  it("an online close keeps the package's capacity for a close without the server", () => {
    const closed = closeHeld(holdScan(holdScan(EMPTY_STATION, "I1", 2), "I2", 2), "B1");
    expect(closed.held).toEqual({ codes: [], capacity: 2 });
    expect(heldRoleOffline(holdUnchecked(holdUnchecked(closed, "I3", NOTE), "I4", NOTE))).toBe("label");
  });
});
