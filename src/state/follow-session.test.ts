// The shell's stores as the session events leave them: what the session calls used to set by hand.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { publishSessionEvent, type SessionEvent } from "../api/session-events";
import { connectionStore } from "./connection-store";
import { followSession } from "./follow-session";
import { registerSignedInCache } from "./signed-in-caches";
import { tagsStore } from "./tags-store";
import { EMPTY_USER, userStore } from "./user-store";

const user = { roles: ["store"], name: "admin", accountType: "enterprise", avatar: "", introduction: "" };
const openTab = { path: "/store", fullPath: "/store", titleKey: "store", affix: false, noCache: false };
const cacheCleared = vi.fn();
registerSignedInCache(cacheCleared);

let stop = () => {};
beforeEach(() => {
  stop = followSession();
  userStore.set(user);
  tagsStore.set({ views: [openTab], generations: {}, titles: {} });
  cacheCleared.mockClear();
});
afterEach(() => {
  stop();
  userStore.set(EMPTY_USER);
  connectionStore.set({ reconnecting: false });
});

const tell = (event: SessionEvent) => publishSessionEvent(event);

describe("the shell's stores follow the session", () => {
  it("a sign-in empties the user and the cached answers, and keeps the same account's tabs", () => {
    tell({ type: "session-started", otherAccount: false });
    expect(userStore.get()).toEqual(EMPTY_USER);
    expect(cacheCleared).toHaveBeenCalledOnce();
    expect(tagsStore.get().views).toEqual([openTab]);
  });

  it("a sign-in of another account drops the tabs too", () => {
    tell({ type: "session-started", otherAccount: true });
    expect(tagsStore.get().views).toEqual([]);
  });

  it("shows the signed-in user, then the roles loaded again with the rest kept", () => {
    userStore.set(EMPTY_USER);
    tell({ type: "signed-in", user });
    expect(userStore.get()).toEqual(user);
    tell({ type: "roles-reloaded", roles: ["store", "bench"] });
    expect(userStore.get()).toEqual({ ...user, roles: ["store", "bench"] });
  });

  it("a reset empties the user and keeps the tabs and the cached answers", () => {
    tell({ type: "session-ended", loggedOut: false });
    expect(userStore.get()).toEqual(EMPTY_USER);
    expect(tagsStore.get().views).toEqual([openTab]);
    expect(cacheCleared).not.toHaveBeenCalled();
  });

  it("a logout empties the user, the tabs and the cached answers", () => {
    tell({ type: "session-ended", loggedOut: true });
    expect(userStore.get()).toEqual(EMPTY_USER);
    expect(tagsStore.get().views).toEqual([]);
    expect(cacheCleared).toHaveBeenCalledOnce();
  });

  it("shows reconnecting while the server is away", () => {
    tell({ type: "reconnecting", reconnecting: true });
    expect(connectionStore.get().reconnecting).toBe(true);
    tell({ type: "reconnecting", reconnecting: false });
    expect(connectionStore.get().reconnecting).toBe(false);
  });

  it("stops following when told", () => {
    stop();
    tell({ type: "session-ended", loggedOut: true });
    expect(userStore.get()).toEqual(user);
  });
});
