import { describe, expect, it } from "vitest";
import { LoginThrottle, ThrottleStore, type ThrottlePolicy } from "./login-throttle";

const policy: ThrottlePolicy = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000, lockAfter: 8, lockMs: 60_000 };
const setup = () => {
  const clock = { now: 1_000_000 };
  return { clock, store: new ThrottleStore(policy, () => clock.now) };
};

describe("ThrottleStore", () => {
  it("lets the free failures through, then delays 1 s, 2 s, 4 s, capped at the maximum", () => {
    const { clock, store } = setup();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      clock.now += store.waitMs("admin"); // the attacker waits exactly as long as asked
      store.fail("admin");
      waits.push(store.waitMs("admin"));
    }
    expect(waits).toEqual([0, 0, 0, 1000, 2000, 4000, 8000]);
  });

  it("locks after lockAfter failures until lockMs has passed, then starts afresh", () => {
    const { clock, store } = setup();
    for (let i = 0; i < 8; i++) {
      clock.now += store.waitMs("admin");
      store.fail("admin");
    }
    expect(store.locked("admin")).toBe(true);
    expect(store.waitMs("admin")).toBe(60_000);
    clock.now += 59_999;
    expect(store.locked("admin")).toBe(true);
    clock.now += 1;
    expect(store.locked("admin")).toBe(false);
    store.fail("admin");
    expect(store.waitMs("admin")).toBe(0); // one failure after the lock, not the next lock
  });

  it("clear() ends a lock (an administrator's unlock) and keys are independent", () => {
    const { store } = setup();
    for (let i = 0; i < 8; i++) store.fail("admin");
    store.fail("editor");
    expect(store.locked("admin")).toBe(true);
    store.clear("admin");
    expect(store.waitMs("admin")).toBe(0);
    expect(store.locked("editor")).toBe(false);
  });

  it("forgets failures after 15 quiet minutes", () => {
    const { clock, store } = setup();
    for (let i = 0; i < 4; i++) store.fail("admin");
    expect(store.waitMs("admin")).toBe(1000);
    clock.now += 15 * 60_000;
    store.fail("admin");
    expect(store.waitMs("admin")).toBe(0);
  });
});

describe("LoginThrottle", () => {
  it("a success clears the account but not the address", () => {
    const clock = { now: 0 };
    const throttle = new LoginThrottle(() => clock.now, { account: policy, address: { ...policy, freeFailures: 1 } });
    throttle.fail("admin", "10.0.0.1");
    throttle.fail("admin", "10.0.0.1");
    expect(throttle.addresses.waitMs("10.0.0.1")).toBe(1000);
    throttle.succeed("admin");
    expect(throttle.accounts.waitMs("admin")).toBe(0);
    expect(throttle.waitMs("someone-else", "10.0.0.1")).toBe(1000);
    expect(throttle.waitMs("someone-else", "10.0.0.2")).toBe(0);
  });
});
