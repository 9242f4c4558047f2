import { describe, expect, it } from "vitest";
import {
  acceptScan,
  closeHeld,
  confirmQueued,
  dropQueued,
  closeUnit,
  dropHeld,
  EMPTY_STATION,
  finishRecord,
  holdScan,
  lastAccepted,
  openUnit,
  refuseScan,
  undoScan,
  type StationState,
} from "./station-state";

const box = (held: number, capacity: number | null = 3) => ({ code: "B1", held, capacity });

describe("station state", () => {
  it("opens a unit with room and refuses a full one", () => {
    expect(openUnit(EMPTY_STATION, box(1)).unit).toEqual(box(1));
    const full = openUnit(EMPTY_STATION, box(3));
    expect(full.unit).toBeUndefined();
    expect(full.last).toMatchObject({ kind: "refused", code: "B1", nextKey: "screens.station.next.otherUnit" });
  });

  it("fills the unit and closes it at capacity, asking for the next unit", () => {
    let state: StationState = openUnit(EMPTY_STATION, box(1));
    state = acceptScan(state, "I1", true);
    expect(state).toMatchObject({ count: 1, unit: box(2), last: { kind: "ok", code: "I1" } });
    state = acceptScan(state, "I2", true);
    expect(state.unit).toBeUndefined();
    expect(state.last).toMatchObject({
      kind: "complete",
      code: "I2",
      unit: box(3),
      nextKey: "screens.station.next.unit",
    });
    expect(state.count).toBe(2);
  });

  it("never closes a unit without a capacity by itself", () => {
    let state = openUnit(EMPTY_STATION, box(0, null));
    for (const code of ["I1", "I2", "I3", "I4"]) state = acceptScan(state, code, true);
    expect(state.unit).toEqual(box(4, null));
  });

  it("counts single-step scans without a unit", () => {
    const state = acceptScan(acceptScan(EMPTY_STATION, "C1", false), "C2", false);
    expect(state).toMatchObject({ count: 2, last: { kind: "ok", code: "C2", nextKey: "screens.station.next.scan" } });
  });

  it("keeps the unit and the count on a refusal", () => {
    const open = acceptScan(openUnit(EMPTY_STATION, box(0)), "I1", true);
    const state = refuseScan(open, "I9", "already packed in B7", "screens.station.next.setAside");
    expect(state).toMatchObject({ count: 1, unit: box(1), last: { kind: "refused", message: "already packed in B7" } });
  });

  it("closes a tail unit on the operator's key", () => {
    const state = closeUnit(acceptScan(openUnit(EMPTY_STATION, box(0)), "I1", true));
    expect(state.unit).toBeUndefined();
    expect(state.last).toMatchObject({ kind: "complete", code: "B1", unit: box(1) });
  });

  it("undoes the last scan, opening again the unit it closed", () => {
    let state = openUnit(EMPTY_STATION, box(2));
    state = acceptScan(state, "I3", true);
    expect(state.unit).toBeUndefined();
    state = undoScan(state);
    expect(state).toMatchObject({ count: 0, unit: box(2), accepted: [], last: { kind: "undone", code: "I3" } });
    expect(undoScan(state)).toBe(state);
  });

  it("finishing the record leaves nothing to undo and asks for the next record", () => {
    const loaded = acceptScan(acceptScan(EMPTY_STATION, "C1", false), "C2", false);
    const state = finishRecord("WB-7");
    expect(lastAccepted(loaded)?.code).toBe("C2");
    expect(state).toEqual({
      count: 0,
      accepted: [],
      last: { kind: "finished", code: "WB-7", nextKey: "screens.station.next.setup" },
    });
    expect(lastAccepted(state)).toBeUndefined();
  });

  it("children first: holds each checked code, undo lets the last go, the label closes them in", () => {
    let state = holdScan(holdScan(EMPTY_STATION, "I1", 3), "I2", 3);
    expect(state).toMatchObject({ count: 2, held: { codes: ["I1", "I2"], capacity: 3 }, last: { kind: "ok" } });
    state = dropHeld(state);
    expect(state).toMatchObject({ count: 1, held: { codes: ["I1"] }, last: { kind: "undone", code: "I2" } });
    state = closeHeld(holdScan(state, "I3", 3), "B1");
    expect(state).toEqual({
      count: 2,
      accepted: [],
      held: { codes: [], capacity: 3 },
      last: {
        kind: "complete",
        code: "B1",
        nextKey: "screens.station.next.child",
        unit: { code: "B1", held: 2, capacity: 3 },
      },
    });
    expect(dropHeld(state)).toBe(state);
  });

  it("a queued scan fills the unit at once, counts when the server accepts it, and leaves the fill when refused", () => {
    let state: StationState = openUnit(EMPTY_STATION, box(0));
    state = acceptScan(state, "I1", true, { key: "k1" });
    state = acceptScan(state, "I2", true, { key: "k2" });
    expect(state).toMatchObject({ count: 0, unit: box(2), last: { kind: "queued", code: "I2" } });
    // The first is confirmed while the second's verdict is shown: the verdict stays queued.
    state = confirmQueued(state, "k1");
    expect(state).toMatchObject({ count: 1, last: { kind: "queued", code: "I2" } });
    state = dropQueued(state, "k2", "already in box B-7");
    expect(state).toMatchObject({
      count: 1,
      unit: box(1),
      last: {
        kind: "refused",
        code: "I2",
        message: "already in box B-7",
        nextKey: "screens.station.next.clearRefused",
      },
    });
    expect(lastAccepted(state)).toMatchObject({ code: "I1", key: "k1" });
    expect(dropQueued(state, "unknown", "")).toBe(state);
  });

  it("a queued verdict still shown turns ok when the server accepts its scan", () => {
    const state = confirmQueued(acceptScan(EMPTY_STATION, "C1", false, { key: "k1" }), "k1");
    expect(state).toMatchObject({ count: 1, last: { kind: "ok", code: "C1", key: "k1" } });
  });

  it("a queued scan that fills the unit closes it as an accepted one would", () => {
    let state: StationState = openUnit(EMPTY_STATION, box(2));
    state = acceptScan(state, "I3", true, { key: "k3" });
    expect(state.unit).toBeUndefined();
    expect(state.last).toMatchObject({ kind: "complete", code: "I3", unit: box(3) });
    // Refused later: the closed unit is not reopened (it is gone from the line), only undo forgets it.
    state = dropQueued(state, "k3", "refused");
    expect(state).toMatchObject({ count: 0, accepted: [] });
    expect(state.unit).toBeUndefined();
  });
});
