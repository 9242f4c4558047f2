import { afterEach, describe, expect, it } from "vitest";
import { MEMORY } from "../db/open-database";
import { openStore, type Store } from "../db/store";
import { createSystemTables } from "../db/system-tables";
import { FORGET_MS, LoginAttempts, type AttemptPolicies } from "./login-attempts";

const policies: AttemptPolicies = {
  pair: { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000, lockAfter: 8, lockMs: 60_000 },
  address: { freeFailures: 20, baseDelayMs: 1000, maxDelayMs: 8000, lockAfter: 50, lockMs: 60_000 },
  account: { freeFailures: 5, stepMs: 100, maxDelayMs: 500 },
};
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map(async (store) => await store.close()));
});
const setup = async (store = openStore(MEMORY)) => {
  stores.push(store);
  await createSystemTables(store);
  const clock = { now: 1_000_000 };
  return { clock, store, attempts: new LoginAttempts(store, () => clock.now, policies) };
};
/** One wrong guess as the login makes it: reserve, then (when not refused) a failed check. */
async function guess(attempts: LoginAttempts, account: string, address: string) {
  const reservation = await attempts.reserve(account, address);
  if (!reservation.refused) await attempts.failed(account);
  return reservation;
}

describe("LoginAttempts per account and address", () => {
  it("lets the free failures through, then waits 1 s, 2 s, 4 s, capped", async () => {
    const { clock, attempts } = await setup();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      clock.now += await attempts.waitMs("admin", "198.51.100.1"); // the guesser waits exactly as long as asked
      expect((await guess(attempts, "admin", "198.51.100.1")).refused).toBe(false);
      waits.push(await attempts.waitMs("admin", "198.51.100.1"));
    }
    expect(waits).toEqual([0, 0, 0, 1000, 2000, 4000, 8000]);
  });

  it("never refuses the right password from an address that has not been failing", async () => {
    const { attempts } = await setup();
    for (let i = 0; i < 40; i++) await guess(attempts, "admin", "203.0.113.66");
    expect((await attempts.reserve("admin", "203.0.113.66")).refused).toBe(true);
    const clean = await attempts.reserve("admin", "198.51.100.7");
    expect(clean).toMatchObject({ refused: false, cleanSource: true });
  });

  it("slows an account guessed from many addresses, but never walls it", async () => {
    const { attempts } = await setup();
    for (let i = 0; i < 5; i++) await guess(attempts, "admin", `203.0.113.${i}`);
    expect(await attempts.reserve("admin", "198.51.100.9")).toMatchObject({ refused: false, delayMs: 0 });
    for (let i = 5; i < 200; i++) await guess(attempts, "admin", `203.0.113.${i}`);
    expect(await attempts.reserve("admin", "198.51.100.10")).toMatchObject({ refused: false, delayMs: 500 });
  });

  it("counts every parallel attempt: N guesses in flight cost N attempts", async () => {
    const { attempts } = await setup();
    const reservations = await Promise.all(
      Array.from({ length: 200 }, () => attempts.reserve("admin", "203.0.113.200")),
    );
    expect(await attempts.failures("pair", "admin", "203.0.113.200")).toBe(200);
    expect(reservations.filter((reservation) => !reservation.refused)).toHaveLength(policies.pair.freeFailures + 1);
  });

  it("locks a pair after lockAfter attempts; the lock runs out and the pair starts afresh", async () => {
    const { clock, attempts } = await setup();
    for (let i = 0; i < policies.pair.lockAfter; i++) {
      clock.now += 10_000;
      await guess(attempts, "admin", "203.0.113.9");
    }
    const locked = await attempts.reserve("admin", "203.0.113.9");
    expect(locked).toMatchObject({ refused: true });
    expect(locked.refused && locked.waitMs).toBeGreaterThan(50_000);
    clock.now += 2 * 60_000;
    expect(await attempts.reserve("admin", "203.0.113.9")).toMatchObject({ refused: false });
  });

  it("a spray over many names from one address waits; another address does not", async () => {
    const { attempts } = await setup();
    let refusedAt = -1;
    for (let i = 0; i < 30 && refusedAt < 0; i++)
      if ((await guess(attempts, `name-${i}`, "203.0.113.50")).refused) refusedAt = i;
    expect(refusedAt).toBe(policies.address.freeFailures + 1);
    expect((await attempts.reserve("someone", "198.51.100.50")).refused).toBe(false);
  });

  it("a success trusts the pair again and takes back its reserved attempt from the address", async () => {
    const { attempts } = await setup();
    for (let i = 0; i < 3; i++) await guess(attempts, "admin", "198.51.100.3");
    await attempts.reserve("admin", "198.51.100.3");
    await attempts.succeeded("admin", "198.51.100.3");
    expect(await attempts.failures("pair", "admin", "198.51.100.3")).toBe(0);
    expect(await attempts.failures("address", "", "198.51.100.3")).toBe(3);
  });

  it("forgets counts after a quiet window", async () => {
    const { clock, attempts } = await setup();
    for (let i = 0; i < 3; i++) await guess(attempts, "admin", "198.51.100.4");
    clock.now += FORGET_MS;
    expect(await attempts.failures("pair", "admin", "198.51.100.4")).toBe(0);
  });

  it("an account's unlock clears its counts, its sources' counts and their addresses' locks, and is logged", async () => {
    const { store, attempts } = await setup();
    for (let i = 0; i < 60; i++) await guess(attempts, "admin", "203.0.113.77");
    await guess(attempts, "editor", "203.0.113.78");
    expect((await attempts.reserve("someone-else", "203.0.113.77")).refused).toBe(true);
    const { cleared } = await attempts.unlockAccount("admin", "admin");
    expect(cleared).toBe(3);
    expect((await attempts.reserve("admin", "203.0.113.77")).refused).toBe(false);
    expect(await attempts.failures("pair", "editor", "203.0.113.78")).toBe(1);
    expect(await store.all("SELECT actor, account_name, address, cleared FROM _login_unlocks")).toEqual([
      { actor: "admin", account_name: "admin", address: null, cleared: 3 },
    ]);
  });

  it("an address's unlock clears it for every account", async () => {
    const { attempts } = await setup();
    for (let i = 0; i < 30; i++) await guess(attempts, `name-${i}`, "203.0.113.90");
    await attempts.unlockAddress("203.0.113.90", "operator:root");
    expect((await attempts.reserve("name-1", "203.0.113.90")).refused).toBe(false);
  });
});
