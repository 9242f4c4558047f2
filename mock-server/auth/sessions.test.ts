// Sessions kept in memory after their first read end exactly as if read each time: a logout,
// a revocation or the idle timeout takes effect on the next call.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../db/open-database";
import { Store } from "../db/store";
import { createSystemTables } from "../db/system-tables";
import { mustChangePassword, passwordChanged, requirePasswordChange } from "./password-change";
import { Sessions } from "./sessions";

const MINUTE = 60_000;
let store: Store;
let now: number;
let sessions: Sessions;
beforeEach(() => {
  store = new Store(openDatabase(":memory:"));
  createSystemTables(store);
  now = Date.parse("2024-06-01T10:00:00Z");
  sessions = new Sessions(store, () => now, 8 * 60 * MINUTE, 30 * MINUTE);
});

const code = (work: () => unknown): number | undefined => {
  try {
    work();
    return undefined;
  } catch (error) {
    return (error as { code?: number }).code;
  }
};

describe("sessions kept in memory", () => {
  it("reads a session's row once, then answers from memory", () => {
    const token = sessions.create(7);
    const reads = vi.spyOn(store, "get");
    for (let i = 0; i < 5; i += 1) expect(sessions.resolve(token)).toBe(7);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("a logout ends the session on the next call", () => {
    const token = sessions.create(7);
    sessions.resolve(token);
    sessions.revoke(token);
    expect(code(() => sessions.resolve(token))).toBe(50012);
  });

  it("revoking an account's sessions keeps only the caller's", () => {
    const [mine, other] = [sessions.create(7), sessions.create(7)];
    sessions.resolve(mine);
    sessions.resolve(other);
    sessions.revokeAccount(7, mine);
    expect(sessions.resolve(mine)).toBe(7);
    expect(code(() => sessions.resolve(other))).toBe(50012);
  });

  it("the idle timeout and the expiry still end a kept session", () => {
    const token = sessions.create(7);
    sessions.resolve(token);
    now += 31 * MINUTE;
    expect(code(() => sessions.resolve(token))).toBe(50014);
    const late = sessions.create(7);
    for (let step = 0; step < 19; step += 1) {
      now += 25 * MINUTE; // 475 minutes in all, each call inside the idle timeout
      sessions.resolve(late);
    }
    now += 10 * MINUTE; // past the 8 hours
    expect(code(() => sessions.resolve(late))).toBe(50014);
  });

  it("writes the last call's time at most once a minute, and a new server reads it", () => {
    const token = sessions.create(7);
    const writes = vi.spyOn(store, "run");
    for (let second = 0; second < 120; second += 10) {
      now += 10_000;
      sessions.resolve(token);
    }
    expect(writes).toHaveBeenCalledTimes(2);
    const restarted = new Sessions(store, () => now + 29 * MINUTE, 8 * 60 * MINUTE, 30 * MINUTE);
    expect(restarted.resolve(token)).toBe(7);
  });
});

describe("the password-change requirement kept per account", () => {
  it("follows its writes, and a rolled-back change leaves the requirement", () => {
    requirePasswordChange(store, 7);
    expect(mustChangePassword(store, 7)).toBe(true);
    expect(() =>
      store.transaction(() => {
        passwordChanged(store, 7);
        throw new Error("the rest of the change failed");
      }),
    ).toThrow();
    expect(mustChangePassword(store, 7)).toBe(true);
    passwordChanged(store, 7);
    expect(mustChangePassword(store, 7)).toBe(false);
    requirePasswordChange(store, 7);
    expect(mustChangePassword(store, 7)).toBe(true);
  });
});
