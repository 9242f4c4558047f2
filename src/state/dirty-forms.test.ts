import { afterEach, describe, expect, it } from "vitest";
import { dirtyAmong, dirtyFormsStore, markDirty } from "./dirty-forms";

afterEach(() => dirtyFormsStore.set(new Set()));

describe("dirty forms", () => {
  it("keeps the pages whose forms hold unsaved input, per path", () => {
    markDirty("/store/create", true);
    markDirty("/store/edit/2", true);
    markDirty("/store/edit/2", false);
    expect(dirtyAmong()).toEqual(["/store/create"]);
    expect(dirtyAmong(["/store/edit/2", "/store/create", "/dealer"])).toEqual(["/store/create"]);
  });

  it("does not notify when nothing changes", () => {
    let notified = 0;
    const stop = dirtyFormsStore.subscribe(() => notified++);
    markDirty("/a", false);
    markDirty("/a", true);
    markDirty("/a", true);
    stop();
    expect(notified).toBe(1);
  });
});
