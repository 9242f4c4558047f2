// Exact totals for list calls, cached per (table, filter) and kept exact across writes.
// A total is stamped with its tables' write versions; a write advances a version, which drops every
// total stamped with the old one, except those the write can adjust exactly:
// - a write of a known row count to a whole table carries the table's unfiltered total (`carry`);
// - a one-row write (create, update, delete by id) asks each live filtered total of its table, with
//   that total's own WHERE and the row's id, whether the row is inside before and after the write,
//   and adjusts it by the difference. The question is the same SQL that counted the total, so the
//   adjusted figure is what COUNT(*) would answer, whatever the filter's operators mean.
import type { Params } from "./sql-params";

const LIMIT = 2000;
/** A one-row write adjusts at most this many totals of its table (the most recently used); others are recounted. */
const ADJUSTED_PER_WRITE = 64;

export interface Entry {
  stamp: string;
  total: number;
  /** Single-table totals: the table, and a query counting 0 or 1 for `WHERE <filter> AND id = ?`. */
  readonly table?: string;
  readonly memberSql?: string;
  readonly params: Params;
}

export interface RowWrite {
  readonly table: string;
  readonly version: number;
  /**
   * Whether the row was held against other writes (lockRow) before it was asked about: then another
   * write of the table overlapping this one moves another row, or waited, and each write's move adds
   * to the total whatever their order.
   */
  readonly locked: boolean;
  /** Each live total asked before the write: the very entry asked, and whether it counted the row. */
  readonly before: ReadonlyMap<string, { readonly entry: Entry; readonly inside: boolean }>;
}

export interface TotalsSource {
  version(table: string): number;
  /** Whether a transaction that wrote `table` is open: a total counted now may miss its rows. */
  writing(table: string): boolean;
  advance(table: string): void;
  count(sql: string, params: Params): Promise<number>;
  /**
   * Holds row `id` of `table` (undefined for a create: no other write can reach its row) against
   * other writes until the write's transaction ends, and settles once it does; statements sent
   * after the call run after it. Undefined when nothing can hold it (no transaction).
   */
  lockRow(table: string, id: number | undefined): Promise<void> | undefined;
}

const tableKey = (quotedTable: string, where: string, params: Params): string =>
  `SELECT COUNT(*) AS total FROM ${quotedTable} ${where}\u0000${JSON.stringify(params)}`;

export class TotalsCache {
  private readonly entries = new Map<string, Entry>();
  /** Cache keys of each table's single-table totals (filtered or not). */
  private readonly byTable = new Map<string, Set<string>>();
  /** Cache key of each table's unfiltered total. */
  private readonly wholeTable = new Map<string, string>();
  /** Counts in flight, by cache key and stamp: callers missing the same total at once share one count. */
  private readonly counting = new Map<string, Promise<number>>();

  constructor(private readonly source: TotalsSource) {}

  /** An exact total over several tables (reports), recounted after any write to one of them. */
  async count(tables: readonly string[], sql: string, params: Params, unfiltered = false): Promise<number> {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    if (unfiltered && tables.length === 1) this.wholeTable.set(tables[0], key);
    return await this.lookup(key, tables, () => ({ params, stamp: "", total: 0 }), sql);
  }

  /** An exact total of `table` under `where` ("" or "WHERE …"), adjustable by one-row writes. */
  async countTable(table: string, quotedTable: string, where: string, params: Params): Promise<number> {
    const sql = `SELECT COUNT(*) AS total FROM ${quotedTable} ${where}`;
    const key = tableKey(quotedTable, where, params);
    if (!where) this.wholeTable.set(table, key);
    const memberSql = `${sql} ${where ? "AND" : "WHERE"} "id" = ?`;
    return await this.lookup(key, [table], () => ({ params, stamp: "", total: 0, table, memberSql }), sql);
  }

  /** The cached total of `table` under `where`, if one is kept at the table's current version; never counts. */
  peekTable(quotedTable: string, where: string, params: Params, table: string): number | undefined {
    const hit = this.entries.get(tableKey(quotedTable, where, params));
    return hit && hit.table === table && hit.stamp === String(this.source.version(table)) ? hit.total : undefined;
  }

  /**
   * A total counted elsewhere (a worker's connection) at the table's write version `version`: kept
   * as if countTable had counted it, unless the table has been written since (then it is not known
   * to be exact now, and is not kept).
   */
  installTable(
    table: string,
    quotedTable: string,
    where: string,
    params: Params,
    total: number,
    version: number,
  ): void {
    if (this.source.version(table) !== version || this.source.writing(table)) return;
    const sql = `SELECT COUNT(*) AS total FROM ${quotedTable} ${where}`;
    const key = tableKey(quotedTable, where, params);
    if (!where) this.wholeTable.set(table, key);
    const memberSql = `${sql} ${where ? "AND" : "WHERE"} "id" = ?`;
    this.touch(key, { params, stamp: String(version), total, table, memberSql });
    if (this.entries.size > LIMIT) this.forget(this.entries.keys().next().value as string);
  }

  private async lookup(key: string, tables: readonly string[], fresh: () => Entry, sql: string): Promise<number> {
    const stamp = tables.map((table) => this.source.version(table)).join(",");
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) {
      this.touch(key, hit);
      return hit.total;
    }
    // A total dropped by a write is missed by every call that reads it until one count ends; on
    // PostgreSQL a count of a million rows takes hundreds of milliseconds, and ten calls counting
    // the same total at once held every pooled connection (writes then waited seconds for one).
    const flight = `${key}\u0000${stamp}`;
    const pending = this.counting.get(flight);
    if (pending) return await pending;
    // Counted beside an open writing transaction, a total is answered but not kept: it may miss
    // that transaction's rows, and its commit does not move the stamp.
    if (tables.some((table) => this.source.writing(table))) return await this.source.count(sql, fresh().params);
    const entry = fresh();
    entry.stamp = stamp;
    const counted = this.source.count(sql, entry.params);
    this.counting.set(flight, counted);
    try {
      entry.total = await counted;
    } finally {
      this.counting.delete(flight);
    }
    this.touch(key, entry);
    if (this.entries.size > LIMIT) this.forget(this.entries.keys().next().value as string);
    return entry.total;
  }

  /**
   * Before a one-row write: which live totals of `table` count row `id` (nothing for a create).
   * Answered at once when the table has no total kept (the public scan's tables, mostly), since a
   * promise made and awaited on every write of a hot path costs more than the check.
   */
  beforeRow(table: string, id: number | undefined): RowWrite | Promise<RowWrite> {
    const version = this.source.version(table);
    const keys = this.byTable.get(table);
    if (!keys?.size) return { table, version, locked: false, before: new Map() };
    return this.rowsCounted(table, version, [...keys].slice(-ADJUSTED_PER_WRITE), id);
  }

  private async rowsCounted(table: string, version: number, keys: string[], id: number | undefined): Promise<RowWrite> {
    const live = keys.flatMap((key) => {
      const entry = this.entries.get(key);
      return entry && entry.stamp === String(version) ? [{ key, entry }] : [];
    });
    // The lock first: the questions, sent right behind it, then read the row as the last write that
    // held it left it, not as it was before that write committed.
    const lock = live.length ? this.source.lockRow(table, id) : undefined;
    const [inside] = await Promise.all([
      this.containAll(
        live.map(({ entry }) => entry),
        id,
      ),
      lock,
    ]);
    return {
      table,
      version,
      locked: lock !== undefined,
      before: new Map(live.map(({ key, entry }, index) => [key, { entry, inside: inside[index] }])),
    };
  }

  /**
   * After it: ask each total asked before where the row is now, then, in one step with no await,
   * advance the table's version and adjust those totals by the row's move. Until that step a call
   * reads the totals as they were before the write, which it may (the write has not answered yet);
   * advancing first would leave them stale while the questions are asked, and every call arriving
   * then would count the whole table again. At once (no promise) when beforeRow found none to adjust.
   * `id` undefined: the write deleted its row, which is then in no total; nothing is asked.
   */
  afterRow(write: RowWrite, id: number | undefined): Promise<void> | undefined {
    if (!write.before.size) {
      this.source.advance(write.table);
      return undefined;
    }
    return this.adjust(write, id);
  }

  private async adjust(write: RowWrite, id: number | undefined): Promise<void> {
    const asked = [...write.before].filter(([key, { entry }]) => this.entries.get(key) === entry);
    const now = await this.containAll(
      asked.map(([, { entry }]) => entry),
      id,
    );
    const moves = asked.map(
      ([key, { entry, inside }], index) => [key, entry, Number(now[index]) - Number(inside)] as const,
    );
    const version = this.source.version(write.table);
    if (version !== write.version && !write.locked) {
      // Another write to the table came between, and this one's row was not held: it may have moved
      // the same row, so recount rather than guess.
      this.source.advance(write.table);
      return;
    }
    // Writes that overlap on PostgreSQL each add their own row's move: a total kept current by every
    // write since this one asked (its stamp is the version now) takes this one's too.
    this.source.advance(write.table);
    const stamp = String(version + 1);
    for (const [key, entry, move] of moves) {
      // Only the very total asked before: one counted again meanwhile may already hold the row.
      if (this.entries.get(key) !== entry || entry.stamp !== String(version)) continue;
      entry.total += move;
      entry.stamp = stamp;
    }
  }

  /** A write of `rowDelta` rows (0 for updates) whose rows are not known: only the unfiltered total survives. */
  carry(table: string, rowDelta: number | undefined): void {
    const before = this.source.version(table);
    this.source.advance(table);
    if (rowDelta === undefined) return;
    const key = this.wholeTable.get(table);
    const entry = key ? this.entries.get(key) : undefined;
    if (entry && entry.stamp === String(before)) {
      entry.stamp = String(before + 1);
      entry.total += rowDelta;
    }
  }

  /** A rolled-back transaction: totals carried or adjusted inside it no longer hold. */
  clear(): void {
    this.entries.clear();
    this.byTable.clear();
  }

  /**
   * Whether each total counts row `id` (none for a create's before, nor a delete's after: the row is
   * not there). The
   * questions are sent together: on PostgreSQL they share one round trip (the connection pipelines
   * them), where one after another each was a round trip of the write's transaction.
   */
  private async containAll(entries: readonly Entry[], id: number | undefined): Promise<boolean[]> {
    if (id === undefined) return entries.map(() => false);
    const counts = await Promise.all(
      entries.map((entry) => this.source.count(entry.memberSql!, [...entry.params, id])),
    );
    return counts.map((count) => count > 0);
  }

  /** Moves `key` to the most recently used end, so the most used totals stay cached and are the ones adjusted. */
  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (!entry.table) return;
    let keys = this.byTable.get(entry.table);
    if (!keys) this.byTable.set(entry.table, (keys = new Set()));
    keys.delete(key);
    keys.add(key);
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    if (entry?.table) this.byTable.get(entry.table)?.delete(key);
  }
}
