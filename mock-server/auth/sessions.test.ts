// Sessions kept in memory after their first read end exactly as if read each time: a logout,
// a revocation or the idle timeout takes effect on the next call.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { openStore, type Store } from "../db/store";
import { createSystemTables } from "../db/system-tables";
import { keptMustChangePassword, mustChangePassword, passwordChanged, requirePasswordChange } from "./password-change";
import { Sessions } from "./sessions";

const MINUTE = 60_000;
let store: Store;
let now: number;
let sessions: Sessions;
beforeEach(async () => {
  store = openStore(":memory:");
  await createSystemTables(store);
  now = Date.parse("2024-06-01T10:00:00Z");
  sessions = new Sessions(store, () => now, 8 * 60 * MINUTE, 30 * MINUTE);
});

const code = async (work: Promise<unknown>): Promise<number | undefined> => {
  try {
    await work;
    return undefined;
  } catch (error) {
    return (error as { code?: number }).code;
  }
};

describe("sessions kept in memory", () => {
  it("reads a session's row once, then answers from memory", async () => {
    const token = await sessions.create(7);
    const reads = vi.spyOn(store, "get");
    for (let i = 0; i < 5; i += 1) expect(await sessions.resolve(token)).toBe(7);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("a logout ends the session on the next call", async () => {
    const token = await sessions.create(7);
    await sessions.resolve(token);
    await sessions.revoke(token);
    expect(await code(sessions.resolve(token))).toBe(50012);
  });

  it("a call resolved while its session is revoked keeps nothing: the next call is refused", async () => {
    const token = await sessions.create(7);
    // The first read of the row and the logout overlap: the read's SELECT runs before the UPDATE.
    const [resolved] = await Promise.all([sessions.resolve(token), sessions.revoke(token)]);
    expect(resolved).toBe(7);
    expect(await code(sessions.resolve(token))).toBe(50012);
  });

  it("revoking an account's sessions keeps only the caller's", async () => {
    const [mine, other] = [await sessions.create(7), await sessions.create(7)];
    await sessions.resolve(mine);
    await sessions.resolve(other);
    await sessions.revokeAccount(7, mine);
    expect(await sessions.resolve(mine)).toBe(7);
    expect(await code(sessions.resolve(other))).toBe(50012);
  });

  it("the idle timeout and the expiry still end a kept session", async () => {
    const token = await sessions.create(7);
    await sessions.resolve(token);
    now += 31 * MINUTE;
    expect(await code(sessions.resolve(token))).toBe(50014);
    const late = await sessions.create(7);
    for (let step = 0; step < 19; step += 1) {
      now += 25 * MINUTE; // 475 minutes in all, each call inside the idle timeout
      await sessions.resolve(late);
    }
    now += 10 * MINUTE; // past the 8 hours
    expect(await code(sessions.resolve(late))).toBe(50014);
  });

  it("writes the last call's time at most once a minute, and a new server reads it", async () => {
    const token = await sessions.create(7);
    const writes = vi.spyOn(store, "run");
    for (let second = 0; second < 120; second += 10) {
      now += 10_000;
      await sessions.resolve(token);
    }
    expect(writes).toHaveBeenCalledTimes(2);
    const restarted = new Sessions(store, () => now + 29 * MINUTE, 8 * 60 * MINUTE, 30 * MINUTE);
    expect(await restarted.resolve(token)).toBe(7);
  });
});

describe("a session answered from memory alone (keptAccount, the access hook's sync path)", () => {
  it("answers only what resolve() would answer without reading, writing or refusing", async () => {
    const token = await sessions.create(7);
    expect(sessions.keptAccount(token)).toBeUndefined(); // not read yet
    await sessions.resolve(token);
    expect(sessions.keptAccount(token)).toBe(7);
    expect(sessions.keptAccount(undefined)).toBeUndefined();
    expect(sessions.keptAccount("someone-else's")).toBeUndefined();
    now += MINUTE; // resolve() would write last_seen_at now
    expect(sessions.keptAccount(token)).toBeUndefined();
    await sessions.resolve(token);
    expect(sessions.keptAccount(token)).toBe(7);
    now += 31 * MINUTE; // idle: resolve() refuses
    expect(sessions.keptAccount(token)).toBeUndefined();
    expect(await code(sessions.resolve(token))).toBe(50014);
  });

  it("forgets a revoked session and one past its expiry", async () => {
    const [out, old] = [await sessions.create(7), await sessions.create(8)];
    await sessions.resolve(out);
    await sessions.resolve(old);
    await sessions.revoke(out);
    expect(sessions.keptAccount(out)).toBeUndefined();
    for (let step = 0; step < 19; step += 1) {
      now += 25 * MINUTE;
      await sessions.resolve(old);
    }
    expect(sessions.keptAccount(old)).toBe(8);
    now += 10 * MINUTE; // past the 8 hours, within the idle timeout and the write's minute
    expect(sessions.keptAccount(old)).toBeUndefined();
  });
});

describe("the password-change requirement kept per account", () => {
  it("follows its writes, and a rolled-back change leaves the requirement", async () => {
    await requirePasswordChange(store, 7);
    expect(await mustChangePassword(store, 7)).toBe(true);
    await expect(
      store.transaction(async () => {
        await passwordChanged(store, 7);
        throw new Error("the rest of the change failed");
      }),
    ).rejects.toThrow();
    expect(await mustChangePassword(store, 7)).toBe(true);
    await passwordChanged(store, 7);
    expect(await mustChangePassword(store, 7)).toBe(false);
    expect(keptMustChangePassword(store, 7)).toBe(false);
    await requirePasswordChange(store, 7);
    expect(keptMustChangePassword(store, 7)).toBeUndefined(); // forgotten: the next call reads
    expect(await mustChangePassword(store, 7)).toBe(true);
    expect(keptMustChangePassword(store, 7)).toBe(true);
  });

  it("a read that overlaps the change keeps nothing: the next call reads the change", async () => {
    await requirePasswordChange(store, 7);
    const [during] = await Promise.all([mustChangePassword(store, 7), passwordChanged(store, 7)]);
    expect(during).toBe(true);
    expect(await mustChangePassword(store, 7)).toBe(false);
  });
});
