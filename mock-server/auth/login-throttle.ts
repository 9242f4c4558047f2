// Sign-in throttling (issue 13 item 1), per account name and per client address: a few free
// failures, then each attempt waits a growing delay, then a temporary lock. A small in-memory
// store rather than @fastify/rate-limit: that plugin counts requests in a window, and this
// rule needs per-account failure state (only failures count, success clears the account,
// an administrator unlocks). Keys are the submitted name, whether or not such an account
// exists, so the answer tells nothing about which names exist.

export interface ThrottlePolicy {
  /** Failures allowed before delays start. */
  readonly freeFailures: number;
  /** The first delay; each further failure doubles it, up to maxDelayMs. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Failures after which the key is locked for lockMs. */
  readonly lockAfter: number;
  readonly lockMs: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = {
  freeFailures: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  lockAfter: 10,
  lockMs: 15 * 60_000,
};
export const ADDRESS_POLICY: ThrottlePolicy = {
  freeFailures: 20,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  lockAfter: 100,
  lockMs: 15 * 60_000,
};
/** No delay and no lock: only for measuring the hashing alone (bench/login-flood). */
export const UNTHROTTLED: ThrottlePolicy = {
  freeFailures: Infinity,
  baseDelayMs: 0,
  maxDelayMs: 0,
  lockAfter: Infinity,
  lockMs: 0,
};
/** Failures older than this are forgotten (unless the key is locked). */
const FORGET_MS = 15 * 60_000;
/** An attacker sending random names must not grow the map without end. */
const MAX_KEYS = 100_000;

interface Entry {
  failures: number;
  lastFailure: number;
  /** No attempt is examined before this time. */
  notBefore: number;
}

export class ThrottleStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly policy: ThrottlePolicy,
    private readonly clock: () => number,
  ) {}

  /** Milliseconds until the key may try again; 0 when it may now. */
  waitMs(key: string): number {
    const entry = this.live(key);
    return entry ? Math.max(0, entry.notBefore - this.clock()) : 0;
  }

  fail(key: string): void {
    const now = this.clock();
    const entry = this.live(key) ?? { failures: 0, lastFailure: now, notBefore: now };
    entry.failures += 1;
    entry.lastFailure = now;
    const { freeFailures, baseDelayMs, maxDelayMs, lockAfter, lockMs } = this.policy;
    if (entry.failures >= lockAfter) entry.notBefore = now + lockMs;
    else if (entry.failures > freeFailures)
      entry.notBefore = now + Math.min(maxDelayMs, baseDelayMs * 2 ** (entry.failures - freeFailures - 1));
    this.entries.delete(key); // re-insert: the map's order is least recently failed first
    this.entries.set(key, entry);
    if (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value!);
  }

  /** A success or an administrator's unlock: the key starts afresh. */
  clear(key: string): void {
    this.entries.delete(key);
  }

  locked(key: string): boolean {
    const entry = this.live(key);
    return entry !== undefined && entry.failures >= this.policy.lockAfter && entry.notBefore > this.clock();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.clock();
    if (entry.notBefore <= now && entry.lastFailure + FORGET_MS <= now) {
      this.entries.delete(key);
      return undefined;
    }
    if (entry.failures >= this.policy.lockAfter && entry.notBefore <= now) {
      // A lock that ran out starts the key afresh rather than one failure from the next lock.
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

/** Both stores of a server; account names are compared exactly as the login compares them. */
export class LoginThrottle {
  readonly accounts: ThrottleStore;
  readonly addresses: ThrottleStore;

  constructor(clock: () => number, policies: { account?: ThrottlePolicy; address?: ThrottlePolicy } = {}) {
    this.accounts = new ThrottleStore(policies.account ?? ACCOUNT_POLICY, clock);
    this.addresses = new ThrottleStore(policies.address ?? ADDRESS_POLICY, clock);
  }

  waitMs(accountName: string, address: string): number {
    return Math.max(this.accounts.waitMs(accountName), this.addresses.waitMs(address));
  }

  fail(accountName: string, address: string): void {
    this.accounts.fail(accountName);
    this.addresses.fail(address);
  }

  succeed(accountName: string): void {
    // The address keeps its count: one good account must not reset a spray over many others.
    this.accounts.clear(accountName);
  }
}
