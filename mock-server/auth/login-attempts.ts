// Sign-in attempts, counted in the database so that locks and counters survive a restart and an
// operator can clear them from the command line. The rule follows OWASP's authentication and
// credential-stuffing guidance:
// - a source that keeps failing for one account (the account and address together) gets growing
//   waits and then a lock, for that pair only;
// - an address that fails across many accounts (a spray) gets the same, for that address;
// - an account failing from many addresses (distributed guessing) is slowed down, never walled:
//   every attempt on it waits a little longer, and the right password still gets in;
// - a correct password from an address that has not been failing is never refused.
// An attempt is reserved (checked and counted in one synchronous step) before its password is
// hashed, so N parallel guesses cost N attempts. Keys are the submitted name, whether or not such
// an account exists, so the answers tell nothing about which names exist.
import type { Store } from "../db/store";

// The counts live in _login_attempts and every unlock in _login_unlocks (db/system-tables.ts).

export interface ThrottlePolicy {
  /** Attempts allowed before waits start. */
  readonly freeFailures: number;
  /** The first wait; each further attempt doubles it, up to maxDelayMs. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Attempts after which the key is locked for lockMs. */
  readonly lockAfter: number;
  readonly lockMs: number;
}

/** Distributed guessing against one account: a delay held before hashing, never a refusal. */
export interface CeilingPolicy {
  /** Failures of the account (from any address) before its attempts are slowed. */
  readonly freeFailures: number;
  /** Added per failure beyond the free ones, up to maxDelayMs. */
  readonly stepMs: number;
  readonly maxDelayMs: number;
}

export interface AttemptPolicies {
  readonly pair: ThrottlePolicy;
  readonly address: ThrottlePolicy;
  readonly account: CeilingPolicy;
}

export const PAIR_POLICY: ThrottlePolicy = {
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
export const ACCOUNT_CEILING: CeilingPolicy = { freeFailures: 20, stepMs: 100, maxDelayMs: 2000 };
export const DEFAULT_POLICIES: AttemptPolicies = {
  pair: PAIR_POLICY,
  address: ADDRESS_POLICY,
  account: ACCOUNT_CEILING,
};

const NEVER: ThrottlePolicy = { freeFailures: Infinity, baseDelayMs: 0, maxDelayMs: 0, lockAfter: Infinity, lockMs: 0 };
/** No wait, lock or delay: only for measuring the hashing alone (bench/login-flood). */
export const UNTHROTTLED: AttemptPolicies = {
  pair: NEVER,
  address: NEVER,
  account: { freeFailures: Infinity, stepMs: 0, maxDelayMs: 0 },
};

/** Counts older than this are forgotten (unless the key is still waiting or locked). */
export const FORGET_MS = 15 * 60_000;
/** Forgotten rows are deleted every this many reservations, so random names cannot grow the table. */
const PRUNE_EVERY = 512;

type Scope = "pair" | "address" | "account";

interface Row {
  failures: number;
  last_failure: number;
  not_before: number;
}

/** What a reservation answers: wait this long (refused), or go on after holding delayMs. */
export type Reservation =
  | { readonly refused: true; readonly waitMs: number }
  | {
      readonly refused: false;
      /** A hold before hashing: distributed guessing against this account. */
      readonly delayMs: number;
      /** The address had no failures: its attempt goes first when hashing is busy. */
      readonly cleanSource: boolean;
    };

/** How long until both the pair and the address may try again (0: now). */
function waitUntilBoth(pair: Row | undefined, spray: Row | undefined, now: number): number {
  return Math.max(0, (pair?.not_before ?? now) - now, (spray?.not_before ?? now) - now);
}

function waitAfter(policy: ThrottlePolicy, failures: number, now: number): number {
  if (failures >= policy.lockAfter) return now + policy.lockMs;
  if (failures > policy.freeFailures)
    return now + Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - policy.freeFailures - 1));
  return now;
}

export interface UnlockResult {
  /** Rows of counts cleared. */
  readonly cleared: number;
}

export class LoginAttempts {
  private reservations = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: () => number,
    private readonly policies: AttemptPolicies = DEFAULT_POLICIES,
  ) {}

  /**
   * Check and count one attempt in one step. A refused attempt is counted too: a source that
   * keeps asking while it waits only moves its own lock closer.
   */
  async reserve(accountName: string, address: string): Promise<Reservation> {
    const now = this.clock();
    if (++this.reservations % PRUNE_EVERY === 0) await this.prune(now);
    // One grouped write per attempt: a flood's counts share their disk syncs.
    return await this.store.grouped(async (): Promise<Reservation> => {
      const pair = await this.live("pair", accountName, address, now);
      const spray = await this.live("address", "", address, now);
      const waitMs = waitUntilBoth(pair, spray, now);
      // An attempt that crosses a limit is still checked; the next one waits.
      await this.count("pair", accountName, address, pair, this.policies.pair, now);
      await this.count("address", "", address, spray, this.policies.address, now);
      if (waitMs > 0) return { refused: true, waitMs };
      const account = await this.live("account", accountName, "", now);
      const ceiling = this.policies.account;
      const beyond = (account?.failures ?? 0) - ceiling.freeFailures;
      const delayMs = beyond > 0 ? Math.min(ceiling.maxDelayMs, beyond * ceiling.stepMs) : 0;
      return { refused: false, delayMs, cleanSource: !pair && !spray };
    });
  }

  /** The password was wrong: the account's distributed count grows (the pair and address were counted at reserve). */
  async failed(accountName: string): Promise<void> {
    const now = this.clock();
    return await this.store.grouped(async () => {
      const account = await this.live("account", accountName, "", now);
      await this.write("account", accountName, "", (account?.failures ?? 0) + 1, now, now);
    });
  }

  /**
   * The password was right: this source is trusted again for this account, and its reserved
   * attempt no longer counts against its address. The address keeps its other failures: one good
   * account must not reset a spray over many others.
   */
  async succeeded(accountName: string, address: string): Promise<void> {
    const now = this.clock();
    return await this.store.grouped(async () => {
      await this.store.run("DELETE FROM _login_attempts WHERE scope = 'pair' AND account_name = ? AND address = ?", [
        accountName,
        address,
      ]);
      await this.takeBack("address", "", address, now);
    });
  }

  /**
   * A reserved attempt that was never checked (hashing was at capacity) is taken back, so a
   * source is not marked failing for a refusal that was the server's, not its password's.
   */
  async released(accountName: string, address: string): Promise<void> {
    const now = this.clock();
    return await this.store.grouped(async () => {
      await this.takeBack("pair", accountName, address, now);
      await this.takeBack("address", "", address, now);
    });
  }

  /**
   * Clear an account: its distributed count, every source's count for it, and the address counts
   * of the addresses that failed for it.
   */
  async unlockAccount(accountName: string, actor: string): Promise<UnlockResult> {
    return await this.store.transaction(async () => {
      const addresses = (
        await this.store.all<{ address: string }>(
          "SELECT address FROM _login_attempts WHERE scope = 'pair' AND account_name = ?",
          [accountName],
        )
      ).map((row) => row.address);
      let cleared = (
        await this.store.run(
          "DELETE FROM _login_attempts WHERE (scope = 'pair' OR scope = 'account') AND account_name = ?",
          [accountName],
        )
      ).changes;
      for (const address of addresses)
        cleared += (
          await this.store.run(
            "DELETE FROM _login_attempts WHERE scope = 'address' AND account_name = '' AND address = ?",
            [address],
          )
        ).changes;
      await this.log(actor, accountName, null, cleared);
      return { cleared };
    });
  }

  /** Clear an address: its own count and its count for every account. */
  async unlockAddress(address: string, actor: string): Promise<UnlockResult> {
    return await this.store.transaction(async () => {
      const cleared = (
        await this.store.run(
          "DELETE FROM _login_attempts WHERE (scope = 'pair' OR scope = 'address') AND address = ?",
          [address],
        )
      ).changes;
      await this.log(actor, null, address, cleared);
      return { cleared };
    });
  }

  /** How long the next attempt of this account from this address would have to wait (counts nothing). */
  async waitMs(accountName: string, address: string): Promise<number> {
    const now = this.clock();
    const pair = await this.live("pair", accountName, address, now);
    const spray = await this.live("address", "", address, now);
    return waitUntilBoth(pair, spray, now);
  }

  /** The recorded count of one key, as the rule sees it now (for tests and the operator's tool). */
  async failures(scope: Scope, accountName: string, address: string): Promise<number> {
    return (
      (await this.live(scope, scope === "address" ? "" : accountName, scope === "account" ? "" : address, this.clock()))
        ?.failures ?? 0
    );
  }

  private async count(
    scope: Scope,
    accountName: string,
    address: string,
    row: Row | undefined,
    policy: ThrottlePolicy,
    now: number,
  ): Promise<void> {
    const failures = (row?.failures ?? 0) + 1;
    const notBefore = Math.max(row?.not_before ?? now, waitAfter(policy, failures, now));
    await this.write(scope, accountName, address, failures, now, notBefore);
  }

  private async write(
    scope: Scope,
    accountName: string,
    address: string,
    failures: number,
    now: number,
    notBefore: number,
  ) {
    await this.store.run(
      `INSERT INTO _login_attempts (scope, account_name, address, failures, last_failure, not_before)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (scope, account_name, address) DO UPDATE SET
         failures = excluded.failures, last_failure = excluded.last_failure, not_before = excluded.not_before`,
      [scope, accountName, address, failures, now, notBefore],
    );
  }

  /** A key's row unless it is forgotten: quiet for FORGET_MS, or a lock that has run out. */
  private async live(scope: Scope, accountName: string, address: string, now: number): Promise<Row | undefined> {
    const row = await this.store.get<Row>(
      "SELECT failures, last_failure, not_before FROM _login_attempts WHERE scope = ? AND account_name = ? AND address = ?",
      [scope, accountName, address],
    );
    if (!row) return undefined;
    const policy = scope === "pair" ? this.policies.pair : scope === "address" ? this.policies.address : undefined;
    const lockRanOut = policy !== undefined && row.failures >= policy.lockAfter && row.not_before <= now;
    const quiet = row.not_before <= now && row.last_failure + FORGET_MS <= now;
    return lockRanOut || quiet ? undefined : row;
  }

  private async takeBack(scope: Scope, accountName: string, address: string, now: number): Promise<void> {
    const row = await this.live(scope, accountName, address, now);
    if (!row) return;
    const key = [scope, accountName, address];
    if (row.failures > 1)
      await this.store.run(
        "UPDATE _login_attempts SET failures = failures - 1 WHERE scope = ? AND account_name = ? AND address = ?",
        key,
      );
    else await this.store.run("DELETE FROM _login_attempts WHERE scope = ? AND account_name = ? AND address = ?", key);
  }

  private async prune(now: number): Promise<void> {
    await this.store.run("DELETE FROM _login_attempts WHERE last_failure <= ? AND not_before <= ?", [
      now - FORGET_MS,
      now,
    ]);
  }

  private async log(actor: string, accountName: string | null, address: string | null, cleared: number): Promise<void> {
    await this.store.run(
      "INSERT INTO _login_unlocks (unlocked_at, actor, account_name, address, cleared) VALUES (?, ?, ?, ?, ?)",
      [new Date(this.clock()).toISOString(), actor, accountName, address, cleared],
    );
  }
}
