// The lease that makes a job run in one process: taken only when free or expired, renewed only by
// its holder (inside the work's transaction, so a lost lease rolls the work back), given up on a stop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { columnType } from "../db/schema-catalog";
import { openStore, type Store } from "../db/store";
import { testDatabase } from "../test-fixtures/test-database";
import { createJobLeaseTable, JobLeases, LeaseLost } from "./job-leases";

let store: Store;
const clock = { now: 1_000_000 };
const leaseMs = 5_000;
const lease = (owner: string) => new JobLeases(store, owner, leaseMs, () => clock.now);

beforeAll(async () => {
  store = openStore(await testDatabase());
  await createJobLeaseTable(store);
});
afterAll(() => store.close());

describe("job leases", () => {
  it("one claimer wins; the other wins only once the holder's heartbeat is older than the lease", async () => {
    const [a, b] = [lease("a"), lease("b")];
    expect(await a.claim("gen", 1)).toBe(true);
    expect(await b.claim("gen", 1)).toBe(false);
    // Claiming again renews the holder's own lease.
    expect(await a.claim("gen", 1)).toBe(true);
    clock.now += leaseMs;
    expect(await b.claim("gen", 1)).toBe(false);
    clock.now += 1;
    expect(await b.claim("gen", 1)).toBe(true);
    expect(await store.all(`SELECT owner FROM _job_leases WHERE job_kind = 'gen' AND job_id = '1'`)).toEqual([
      { owner: "b" },
    ]);
  });

  it("of eight processes claiming one free job at once, exactly one gets it", async () => {
    const owners = Array.from({ length: 8 }, (_, n) => lease(`p${n}`));
    const won = await Promise.all(owners.map((owner) => owner.claim("gen", 4)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it("a holder that lost its lease renews nothing and its transaction's work rolls back", async () => {
    const [a, b] = [lease("a"), lease("b")];
    await store.exec(`CREATE TABLE IF NOT EXISTS lease_work (n INTEGER NOT NULL)`);
    expect(await a.claim("gen", 2)).toBe(true);
    clock.now += leaseMs + 1;
    expect(await b.claim("gen", 2)).toBe(true);
    const work = store.transaction(async () => {
      await store.run(`INSERT INTO lease_work (n) VALUES (1)`);
      await a.heartbeat("gen", 2);
    });
    await expect(work).rejects.toBeInstanceOf(LeaseLost);
    expect(await store.all(`SELECT n FROM lease_work`)).toEqual([]);
    await store.transaction(async () => await b.heartbeat("gen", 2));
  });

  it("a released job is free at once; a release by another owner changes nothing", async () => {
    const [a, b] = [lease("a"), lease("b")];
    expect(await a.claim("gen", 3)).toBe(true);
    await b.release("gen", 3);
    expect(await b.claim("gen", 3)).toBe(false);
    await a.release("gen", 3);
    expect(await b.claim("gen", 3)).toBe(true);
  });

  it("lists the jobs no live process holds, of one kind", async () => {
    const [a, b] = [lease("a"), lease("b")];
    expect(await a.claim("gen", 10)).toBe(true);
    expect(await a.claim("gen", 11)).toBe(true);
    expect(await a.claim("other", 12)).toBe(true);
    clock.now += 3_000;
    expect(await a.claim("gen", 11)).toBe(true);
    clock.now += 3_000;
    // 10 expired, 11 renewed 3 s ago, 12 is another kind's, 13 was never leased.
    expect(await b.unheld("gen", [10, 11, 12, 13])).toEqual([10, 12, 13]);
    expect(await b.unheld("gen", [])).toEqual([]);
  });

  it("a job named by a text id (a capture job's UUID) is leased as a numbered one is", async () => {
    const [a, b] = [lease("a"), lease("b")];
    const id = "5f0c6d1e-8a1b-4c47-9a0e-2d3f4b5c6d7e";
    expect(await a.claim("capture", id)).toBe(true);
    expect(await b.claim("capture", id)).toBe(false);
    expect(await b.unheld("capture", [id, "another"])).toEqual(["another"]);
    await store.transaction(async () => await a.heartbeat("capture", id));
    await a.release("capture", id);
    expect(await b.claim("capture", id)).toBe(true);
  });

  it("a lease table whose ids were numbers takes text ids after the next start", async () => {
    const old = openStore(await testDatabase());
    try {
      await old.exec(`CREATE TABLE _job_leases (
        job_kind TEXT NOT NULL, job_id INTEGER NOT NULL, owner TEXT NOT NULL, heartbeat_at INTEGER NOT NULL,
        PRIMARY KEY (job_kind, job_id)) WITHOUT ROWID`);
      await old.run(`INSERT INTO _job_leases VALUES ('gen', 7, 'a', 1)`);
      await createJobLeaseTable(old);
      // PostgreSQL's column becomes text; SQLite's INTEGER column keeps text as text.
      expect(await columnType(old, "_job_leases", "job_id")).toBe(old.engineName === "postgres" ? "text" : "integer");
      const c = new JobLeases(old, "c", leaseMs, () => clock.now);
      expect(await c.claim("capture", "a-uuid")).toBe(true);
      expect(await c.unheld("gen", [7, 8])).toEqual([7, 8]);
      expect(await c.claim("gen", 7)).toBe(true);
    } finally {
      await old.close();
    }
  });
});
