// The key table on the engine under test (SQLite, or PostgreSQL with TEST_ENGINE=pg): two writes
// that claim one key at once are decided by the unique (account, key), not by a read before the
// insert; the loser sees the winner's answer once it commits, or takes the key if it rolled back.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../db/store";
import { createSystemTables } from "../../db/system-tables";
import { testDatabase } from "../../test-fixtures/test-database";
import { IdempotencyKeys, KEY_LIFETIME_MS, type KeyClaim } from "./idempotency-keys";

let store: Store;
let keys: IdempotencyKeys;
const clock = { now: Date.parse("2024-06-01T08:00:00Z") };
const claim: KeyClaim = { accountId: 7, key: "scan-1", route: "POST /api/x/add", requestHash: "h1" };
const ANSWER = { status: 200, body: '{"status_code":200,"code":0,"message":"success","data":{"id":1}}' };

/** A transaction that claims `claim`, then waits for `release` before it commits (or fails). */
function heldClaim(release: Promise<"commit" | "fail">) {
  let claimed!: () => void;
  const inside = new Promise<void>((done) => (claimed = done));
  const done = store.transaction(async () => {
    const outcome = await keys.claim(claim);
    claimed();
    const end = await release;
    if (end === "fail") throw new Error("the write failed");
    await keys.complete(claim.accountId, claim.key, ANSWER);
    return outcome;
  });
  return { inside, done };
}

beforeEach(async () => {
  store = openStore(await testDatabase());
  await createSystemTables(store);
  keys = new IdempotencyKeys(store, () => clock.now);
});
afterEach(() => store.close());

describe("claiming a key", () => {
  it("the first claim takes it; after its commit a repeat gets the stored answer", async () => {
    expect(await store.transaction(async () => await keys.claim(claim))).toEqual({ kind: "claimed" });
    await keys.complete(claim.accountId, claim.key, ANSWER);
    expect(await keys.claim(claim)).toEqual({ kind: "replay", answer: ANSWER });
  });

  it("another body or another call is a mismatch; another account's key is its own", async () => {
    await keys.claim(claim);
    await keys.complete(claim.accountId, claim.key, ANSWER);
    expect(await keys.claim({ ...claim, requestHash: "h2" })).toEqual({ kind: "mismatch" });
    expect(await keys.claim({ ...claim, route: "POST /api/y/add" })).toEqual({ kind: "mismatch" });
    expect(await keys.claim({ ...claim, accountId: 8 })).toEqual({ kind: "claimed" });
  });

  it("two at once: the second waits for the first's commit and gets its answer, never a second claim", async () => {
    let release!: (end: "commit") => void;
    const first = heldClaim(new Promise((done) => (release = done)));
    await first.inside;
    const second = store.transaction(async () => await keys.claim(claim));
    release("commit");
    expect(await first.done).toEqual({ kind: "claimed" });
    expect(await second).toEqual({ kind: "replay", answer: ANSWER });
  });

  it("two at once: when the first rolls back, the second takes the key", async () => {
    let release!: (end: "fail") => void;
    const first = heldClaim(new Promise((done) => (release = done)));
    await first.inside;
    const second = store.transaction(async () => await keys.claim(claim));
    release("fail");
    await expect(first.done).rejects.toThrow("the write failed");
    expect(await second).toEqual({ kind: "claimed" });
  });
});

describe("pruning", () => {
  it("drops keys older than 7 days and keeps the rest", async () => {
    await keys.claim(claim);
    clock.now += KEY_LIFETIME_MS - 1000;
    await keys.claim({ ...claim, key: "scan-2" });
    expect(await keys.prune()).toBe(0);
    clock.now += 2000;
    expect(await keys.prune()).toBe(1);
    expect(await store.all("SELECT idempotency_key FROM _idempotency_keys")).toEqual([{ idempotency_key: "scan-2" }]);
  });
});
