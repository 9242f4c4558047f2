// The database handle the routes share: cached prepared statements, one write version per
// table, and exact totals cached per (table, filter) until that table's next write. A list
// call on a million rows then counts once, not on every request (issue 3 benchmark).
import type { Statement } from "better-sqlite3";
import type { Db } from "./open-database";

type Bindable = string | number | bigint | null | Buffer;
export type Params = readonly Bindable[];

const COUNT_CACHE_LIMIT = 2000;
const STATEMENT_CACHE_LIMIT = 1000;

export class Store {
  private readonly statements = new Map<string, Statement<unknown[]>>();
  private readonly versions = new Map<string, number>();
  private readonly counts = new Map<string, { stamp: string; total: number }>();
  /** Cache key of each table's unfiltered total, which a known row delta keeps exact. */
  private readonly wholeTable = new Map<string, string>();

  constructor(readonly db: Db) {}

  prepare(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      // IN lists of varying length make many texts; keep the cache bounded.
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = this.db.prepare<unknown[]>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  all<T = Record<string, unknown>>(sql: string, params: Params = []): T[] {
    return this.prepare(sql).all(...params) as T[];
  }

  get<T = Record<string, unknown>>(sql: string, params: Params = []): T | undefined {
    return this.prepare(sql).get(...params) as T | undefined;
  }

  run(sql: string, params: Params = []): { changes: number; lastInsertRowid: number | bigint } {
    return this.prepare(sql).run(...params);
  }

  /** Every multi-row write goes through here: one transaction, all or nothing. */
  transaction<T>(work: () => T): T {
    try {
      return this.db.transaction(work)();
    } catch (error) {
      // Totals carried forward by bump(table, delta) inside it no longer hold.
      this.counts.clear();
      throw error;
    }
  }

  /**
   * Call after any write to `table`; drops its cached totals. With `rowDelta` (rows added or
   * removed, 0 for an update) the unfiltered total is carried over instead of recounted.
   */
  bump(table: string, rowDelta?: number): void {
    const before = this.version(table);
    this.versions.set(table, before + 1);
    if (rowDelta === undefined) return;
    const key = this.wholeTable.get(table);
    const entry = key ? this.counts.get(key) : undefined;
    if (entry && entry.stamp === String(before)) this.counts.set(key!, { stamp: String(before + 1), total: entry.total + rowDelta });
  }

  version(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  /** An exact total, recomputed only when one of `tables` was written since. */
  cachedCount(tables: readonly string[], sql: string, params: Params, unfiltered = false): number {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    if (unfiltered && tables.length === 1) this.wholeTable.set(tables[0]!, key);
    const stamp = tables.map((table) => this.version(table)).join(",");
    const hit = this.counts.get(key);
    if (hit && hit.stamp === stamp) {
      // Refresh its place so the most used totals stay cached.
      this.counts.delete(key);
      this.counts.set(key, hit);
      return hit.total;
    }
    const row = this.get<{ total: number }>(sql, params);
    const total = row?.total ?? 0;
    this.counts.set(key, { stamp, total });
    if (this.counts.size > COUNT_CACHE_LIMIT) this.counts.delete(this.counts.keys().next().value as string);
    return total;
  }

  close(): void {
    this.db.close();
  }
}
