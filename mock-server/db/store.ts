// The database handle the routes share: cached prepared statements, one write version per
// table, and exact totals cached per (table, filter) (totals-cache.ts): a list call on a million
// rows counts once, not on every request, and a one-row write adjusts the totals instead of
// dropping them.
import type { Statement } from "better-sqlite3";
import type { Db } from "./open-database";
import { TotalsCache } from "./totals-cache";
import { GroupCommit } from "./group-commit";
import { startCheckpointer, type Checkpointer } from "./checkpointer";
import { LabelCache } from "./label-cache";
import { SharedRead } from "./shared-read";
import { ReadPool } from "./read-pool";
import type { Params } from "./sql-params";

const STATEMENT_CACHE_LIMIT = 1000;

/**
 * A cache kept exact across writes as the totals are (page-anchors.ts): asked before and after each
 * one-row write (what it answers before is given back after), told of every other write to a table,
 * and cleared when a transaction rolls back.
 */
export interface RowWatcher<Mark = unknown> {
  beforeRow(table: string, id: number | undefined): Mark;
  afterRow(mark: Mark, id: number): void;
  tableWritten(table: string): void;
  clear(): void;
}

export class Store {
  private readonly statements = new Map<string, Statement<unknown[]>>();
  private readonly versions = new Map<string, number>();
  private groupCommit: GroupCommit | undefined;
  private readonly watchers: RowWatcher[] = [];
  private readonly totals = new TotalsCache({
    version: (table) => this.version(table),
    advance: (table) => this.versions.set(table, this.version(table) + 1),
    count: (sql, params) => this.get<{ total: number }>(sql, params)?.total ?? 0,
  });
  /** Labels of referenced rows, kept at their table's write version (label-cache.ts). */
  readonly labels = new LabelCache((table) => this.version(table));

  private readonly checkpointer: Checkpointer | undefined;
  /** Worker connections for long reads (read-pool.ts); none for an in-memory database, whose reads stay inline. */
  readonly pool: ReadPool | undefined;
  /** The reads of a turn of the event loop share a read transaction; a write ends it first (shared-read.ts). */
  private readonly sharedRead: SharedRead;

  /**
   * better-sqlite3's transaction function, made once: it runs the work it is given, in a savepoint
   * when a transaction is already open. db.transaction(fn) builds four wrappers and their
   * properties on every call, ~4% of the public scan's CPU (three transactions per scan).
   */
  private readonly runTransaction: (work: () => unknown) => unknown;

  constructor(readonly db: Db) {
    this.checkpointer = startCheckpointer(db);
    this.sharedRead = new SharedRead(db);
    this.pool = db.memory ? undefined : new ReadPool(db.name);
    this.runTransaction = db.transaction((work: () => unknown) => work());
  }

  prepare(sql: string): Statement<unknown[]> {
    return this.cached(sql, () => this.db.prepare<unknown[]>(sql));
  }

  private cached(key: string, make: () => Statement<unknown[]>): Statement<unknown[]> {
    let statement = this.statements.get(key);
    if (!statement) {
      // IN lists of varying length make many texts; keep the cache bounded.
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = make();
      this.statements.set(key, statement);
    }
    return statement;
  }

  all<T = Record<string, unknown>>(sql: string, params: Params = []): T[] {
    this.sharedRead.begin();
    return this.prepare(sql).all(...params) as T[];
  }

  get<T = Record<string, unknown>>(sql: string, params: Params = []): T | undefined {
    this.sharedRead.begin();
    return this.prepare(sql).get(...params) as T | undefined;
  }

  /**
   * The first row's values in the order of the SELECT list, or undefined: no object with a key
   * per column is built (better-sqlite3 interns each column name for each row it returns).
   */
  values(sql: string, params: Params = []): unknown[] | undefined {
    this.sharedRead.begin();
    // A statement of its own: raw mode is a statement's setting, and get() on the same text wants objects.
    const statement = this.cached(`raw ${sql}`, () => this.db.prepare<unknown[]>(sql).raw(true));
    return statement.get(...params) as unknown[] | undefined;
  }

  run(sql: string, params: Params = []): { changes: number; lastInsertRowid: number | bigint } {
    this.sharedRead.end();
    return this.prepare(sql).run(...params);
  }

  /** SQL with no answer (tables, indexes, pragmas that write): a write, run on its own. */
  exec(sql: string): void {
    this.sharedRead.end();
    this.db.exec(sql);
  }

  /** Call before using the connection directly for a write or a transaction of one's own (group-commit.ts). */
  endSharedRead(): void {
    this.sharedRead.end();
  }

  /** Every multi-row write goes through here: one transaction, all or nothing. */
  transaction<T>(work: () => T): T {
    this.sharedRead.end();
    try {
      return this.runTransaction(work) as T;
    } catch (error) {
      // Totals carried forward by bump(table, delta) inside it no longer hold, and labels read
      // inside it may show writes that were rolled back.
      this.totals.clear();
      this.labels.clear();
      for (const watcher of this.watchers) watcher.clear();
      throw error;
    }
  }

  /**
   * Call after any write to `table`; drops its cached totals. With `rowDelta` (rows added or
   * removed, 0 for an update) the unfiltered total is carried over instead of recounted.
   */
  bump(table: string, rowDelta?: number): void {
    this.totals.carry(table, rowDelta);
    for (const watcher of this.watchers) watcher.tableWritten(table);
  }

  /** Keeps `watcher` told of every write from now on. */
  watch(watcher: RowWatcher): void {
    this.watchers.push(watcher);
  }

  /**
   * Runs `work` in a transaction shared with the other grouped writes of this turn of the event
   * loop (group-commit.ts); resolves once that transaction is committed and synced to disk.
   */
  grouped<T>(work: () => T): Promise<T> {
    this.groupCommit ??= new GroupCommit(this);
    return this.groupCommit.run(work);
  }

  version(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  /** An exact total, recomputed only when one of `tables` was written since. */
  cachedCount(tables: readonly string[], sql: string, params: Params, unfiltered = false): number {
    return this.totals.count(tables, sql, params, unfiltered);
  }

  /** An exact total of one table under `where` ("" or "WHERE …"), kept exact by one-row writes. */
  tableCount(table: string, quotedTable: string, where: string, params: Params): number {
    return this.totals.countTable(table, quotedTable, where, params);
  }

  /** The kept exact total of one table under `where`, if there is one now; never counts. */
  keptTableCount(table: string, quotedTable: string, where: string, params: Params): number | undefined {
    return this.totals.peekTable(quotedTable, where, params, table);
  }

  /** Keeps a total counted on the read pool at `table`'s write version `version`, if no write came since. */
  keepTableCount(
    table: string,
    quotedTable: string,
    where: string,
    params: Params,
    total: number,
    version: number,
  ): void {
    this.totals.installTable(table, quotedTable, where, params, total, version);
  }

  /**
   * A one-row write to `table` (row `id`, undefined for a create): `write` runs it and answers the
   * row's id; every cached total of the table is then adjusted by where the row moved, not dropped.
   */
  rowWrite<T extends number>(table: string, id: number | undefined, write: () => T): T {
    const before = this.totals.beforeRow(table, id);
    const marks = this.watchers.map((watcher) => watcher.beforeRow(table, id));
    const written = write();
    this.totals.afterRow(before, written);
    this.watchers.forEach((watcher, index) => watcher.afterRow(marks[index], written));
    return written;
  }

  /**
   * Closes the serving connection now; the promise settles once the checkpoint worker's connection
   * has closed too. The last to close folds the WAL into the file and removes the -wal and -shm
   * files, so whoever deletes or copies the database afterwards awaits it.
   */
  close(): Promise<void> {
    this.sharedRead.end();
    this.groupCommit?.close();
    const workersStopped = Promise.all([this.checkpointer?.stop(), this.pool?.close()]);
    this.db.close();
    return workersStopped.then(() => undefined);
  }
}
