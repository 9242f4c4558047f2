import { describe, expect, it, vi } from "vitest";
import { acceptScan, openUnit } from "./station-state";
import { createStationStore } from "./station-store";

describe("createStationStore", () => {
  it("tells its listeners of a new state, and reads back the latest at once", () => {
    const store = createStationStore();
    const changed = vi.fn();
    store.subscribe(changed);
    const opened = openUnit(store.get(), { code: "B1", held: 0, capacity: 2 });
    store.set(opened);
    store.set(acceptScan(store.get(), "I1", true));
    expect(changed).toHaveBeenCalledTimes(2);
    expect(store.get().unit).toEqual({ code: "B1", held: 1, capacity: 2 });
  });

  it("tells no one when the state is the same one, nor a listener that left", () => {
    const store = createStationStore();
    const changed = vi.fn();
    const leave = store.subscribe(changed);
    store.set(store.get());
    leave();
    store.set(openUnit(store.get(), { code: "B1", held: 0, capacity: 2 }));
    expect(changed).not.toHaveBeenCalled();
  });
});
