// The totals cache under calls that overlap a write, as they do on PostgreSQL where statements run
// side by side: calls missing the same total share one count, a one-row write never leaves its
// totals stale while it asks where its row moved, and a total counted again during a write is not
// adjusted for that write a second time.
import { describe, expect, it } from "vitest";
import type { Params } from "./sql-params";
import { TotalsCache } from "./totals-cache";

/** A table of rows (id → inside the filter or not) behind a cache, every count held until released. */
/** `locking`: whether a one-row write holds its row before it is asked about (a transaction's write). */
function fixture(rows: Map<number, boolean>, locking = false) {
  const versions = new Map<string, number>();
  const counts: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;
  const cache = new TotalsCache({
    version: (table) => versions.get(table) ?? 0,
    writing: () => false,
    advance: (table) => versions.set(table, (versions.get(table) ?? 0) + 1),
    count: async (sql: string, params: Params) => {
      counts.push(sql);
      await gate;
      const filtered = sql.includes('"inside" = ?');
      if (sql.includes('"id" = ?')) {
        const id = params[params.length - 1] as number;
        return rows.has(id) && (!filtered || rows.get(id)) ? 1 : 0;
      }
      return [...rows.values()].filter((inside) => !filtered || inside).length;
    },
    lockRow: () => (locking ? Promise.resolve() : undefined),
  });
  const total = () => cache.countTable("t", '"t"', 'WHERE "inside" = ?', [1]);
  return {
    cache,
    counts,
    total,
    /** Holds every count from now on until released. */
    hold: () => {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
    wholeCounts: () => counts.filter((sql) => !sql.includes('"id" = ?')).length,
  };
}

describe("TotalsCache with overlapping calls", () => {
  it("counts once for calls that miss the same total at the same time", async () => {
    const f = fixture(new Map([1, 2, 3, 4].map((id) => [id, id % 2 === 0])));
    f.hold();
    const answers = Array.from({ length: 10 }, () => f.total());
    f.release();
    expect(await Promise.all(answers)).toEqual(Array(10).fill(2));
    expect(f.wholeCounts()).toBe(1);
  });

  it("answers the total of before the write, without counting, while the write asks where its row moved", async () => {
    const rows = new Map([1, 2, 3, 4].map((id) => [id, id % 2 === 0]));
    const f = fixture(rows);
    expect(await f.total()).toBe(2);
    const before = await f.cache.beforeRow("t", 1);
    rows.set(1, true); // the row moves into the filter
    f.hold();
    const after = f.cache.afterRow(before, 1);
    expect(await f.total()).toBe(2);
    f.release();
    await after;
    expect(await f.total()).toBe(3);
    expect(f.wholeCounts()).toBe(1);
  });

  it("takes a deleted row out of the totals that counted it without asking about it after the delete", async () => {
    const rows = new Map([1, 2, 3, 4].map((id) => [id, id % 2 === 0]));
    const f = fixture(rows, true);
    expect(await f.total()).toBe(2);
    const before = await f.cache.beforeRow("t", 2);
    const asked = f.counts.length;
    rows.delete(2);
    await f.cache.afterRow(before, undefined);
    expect(f.counts).toHaveLength(asked);
    expect(await f.total()).toBe(1);
    expect(f.wholeCounts()).toBe(1);
  });

  it("does not adjust a total counted again while the write ran: that count already holds the row", async () => {
    const rows = new Map([1, 2, 3, 4].map((id) => [id, id % 2 === 0]));
    const f = fixture(rows);
    expect(await f.total()).toBe(2);
    const before = await f.cache.beforeRow("t", undefined);
    rows.set(5, true); // a create inside the filter, visible to other connections at once
    // A count made elsewhere (the read pool) at the same version, with the new row, replaces the total.
    f.cache.installTable("t", '"t"', 'WHERE "inside" = ?', [1], 3, 0);
    await f.cache.afterRow(before, 5);
    expect(await f.total()).toBe(3);
  });

  it("keeps a total across two writes of different rows that overlap, each holding its row: both moves add up", async () => {
    const rows = new Map([1, 2, 3, 4].map((id) => [id, id % 2 === 0]));
    const f = fixture(rows, true);
    expect(await f.total()).toBe(2);
    const first = await f.cache.beforeRow("t", 1);
    const second = await f.cache.beforeRow("t", 2);
    rows.set(1, true);
    rows.set(2, false);
    rows.set(3, true);
    await f.cache.afterRow(first, 1);
    await f.cache.afterRow(second, 2);
    const third = await f.cache.beforeRow("t", 3);
    await f.cache.afterRow(third, 3);
    expect(await f.total()).toBe(2);
    expect(f.wholeCounts()).toBe(1);
  });

  it("recounts after two overlapping writes whose rows were not held: they may have moved the same row", async () => {
    const rows = new Map([1, 2, 3, 4].map((id) => [id, id % 2 === 0]));
    const f = fixture(rows);
    expect(await f.total()).toBe(2);
    const first = await f.cache.beforeRow("t", 1);
    const second = await f.cache.beforeRow("t", 1);
    rows.set(1, true);
    await f.cache.afterRow(first, 1);
    await f.cache.afterRow(second, 1);
    expect(await f.total()).toBe(3);
    expect(f.wholeCounts()).toBe(2);
  });
});
