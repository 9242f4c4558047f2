// The database handle the routes share, over whichever engine runs under it (engine/: SQLite in
// process, or PostgreSQL): one write version per table, exact totals cached per (table, filter)
// (totals-cache.ts), so a list call on a million rows counts once, not on every request, and a
// one-row write adjusts the totals instead of dropping them.
// Every call is asynchronous. A unit of work is `store.transaction(async () => …)`: inside it, the
// same `store` (and the `tx` the work is given) run on the transaction's connection, found through
// AsyncLocalStorage, so a rule called inside a transaction needs no handle passed down to it and
// never knows the engine.
// What the store keeps in memory is kept exact against other processes on the same database too:
// every write it is told of (bump, rowWrite, announce) is announced to them through its change
// feed (change-feed.ts), and what they announce drops what this one kept.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "./open-database";
import { TotalsCache } from "./totals-cache";
import { LabelCache } from "./label-cache";
import { ReadPool } from "./read-pool";
import type { Params } from "./sql-params";
import { quoteIdent } from "./sql-names";
import type { BoundStatement, Engine, Queries, Transaction, TransactionOptions, Walk } from "./engine/engine";
import { openEngine, isPostgresUrl } from "./engine/open-engine";
import { SqliteEngine } from "./engine/sqlite-engine";
import { LocalChangeFeed, type Change, type ChangeFeed } from "./change-feed";
import { PgChangeFeed } from "./pg/pg-change-feed";

/**
 * A cache kept exact across writes as the totals are (page-anchors.ts): asked before and after each
 * one-row write (what it answers before is given back after), told of every other write to a table,
 * and cleared when a transaction rolls back.
 */
export interface RowWatcher<Mark = unknown> {
  beforeRow(table: string, id: number | undefined): Promise<Mark>;
  afterRow(mark: Mark, id: number): Promise<void>;
  tableWritten(table: string): void;
  clear(): void;
}

/** The open transaction a call belongs to, if any. */
interface Scope {
  readonly store: Store;
  readonly tx: Transaction;
  /** Set when the transaction's work has ended: a call that outlives it runs outside it. */
  ended: boolean;
  /** What runs once the outermost transaction has committed (afterCommit); shared by its savepoints. */
  readonly afterCommit: (() => void)[];
  /** Changes announced inside it, published in the outermost transaction just before it commits. */
  readonly announced: Change[];
  /** Writes left to its end (runAtCommit), run by the outermost transaction just before it commits. */
  readonly closing: BoundStatement[];
  /** Tables written inside it (savepoints included): their read versions move again when it ends. */
  readonly written: Set<string>;
}

const scopes = new AsyncLocalStorage<Scope>();
/**
 * Outermost transactions begun and not yet ended, in every store of the process. While there are
 * none the context is switched off: on Node 20 an enabled AsyncLocalStorage makes every promise of
 * the process pay a hook, and most promises are made outside any transaction. No call can belong to
 * a transaction then, so nothing is lost.
 */
let openTransactions = 0;

/** Values one lockRows call binds: PostgreSQL takes at most 65,535 parameters a statement. */
const LOCK_LIST_LIMIT = 10_000;
const DONE = Promise.resolve();

export interface RunOutcome {
  /** Rows the statement inserted, updated or deleted. */
  readonly changes: number;
}

/** A store on `location`: a SQLite file (or ":memory:"), or a postgres:// URL. */
export function openStore(location: string): Store {
  const postgres = isPostgresUrl(location);
  const file = postgres || location === ":memory:" ? undefined : location;
  const engine = openEngine(location);
  return new Store(engine, { readPoolFile: file, changes: postgres ? new PgChangeFeed(location, engine) : undefined });
}

export class Store {
  /** Each table's write version: moves at every write the store is told of, inside a transaction or not. */
  private readonly versions = new Map<string, number>();
  /**
   * Each table's transactions ended (committed or rolled back) after writing it. A write inside a
   * transaction moves the write version before it commits; on PostgreSQL a reader on another
   * connection in between still reads the rows as they were, and would keep them under the new
   * version. The read version (version()) moves once more when the writing transaction ends, so
   * nothing kept in between outlives it.
   */
  private readonly ended = new Map<string, number>();
  /**
   * Each table's open outermost transactions that have written it. A total counted meanwhile on
   * another connection misses their rows, and their commit does not move the write version totals
   * are kept at: such a total is answered but not kept (totals-cache.ts).
   */
  private readonly openWriters = new Map<string, number>();
  /**
   * Added to every table's version: moves when the change feed may have missed changes, so that
   * everything kept at a version (totals, labels, grants, the public scan's views) is dropped at once.
   */
  private generation = 0;
  private readonly watchers: RowWatcher[] = [];
  private readonly topicListeners = new Map<string, ((key: string | undefined) => void)[]>();
  private readonly resetListeners: (() => void)[] = [];
  private readonly totals = new TotalsCache({
    version: (table) => this.writeVersion(table),
    writing: (table) => (this.openWriters.get(table) ?? 0) > 0,
    advance: (table) => this.advance(table),
    count: async (sql, params) => (await this.get<{ total: number }>(sql, params))?.total ?? 0,
    lockRow: (table, id) => this.holdRowForWrite(table, id),
  });
  /** Labels of referenced rows, kept at their table's write version (label-cache.ts). */
  readonly labels = new LabelCache((table) => this.version(table));

  /** Worker connections for long reads (read-pool.ts): a SQLite file only; elsewhere reads stay inline. */
  readonly pool: ReadPool | undefined;

  /** How this store hears of other processes' writes, and tells them of its own. */
  readonly changes: ChangeFeed;

  constructor(
    readonly engine: Engine,
    options: { readonly readPoolFile?: string; readonly changes?: ChangeFeed } = {},
  ) {
    this.pool = options.readPoolFile ? new ReadPool(options.readPoolFile) : undefined;
    this.changes = options.changes ?? new LocalChangeFeed();
    this.changes.listen({ changed: (change) => this.heard(change), reset: () => this.forgetAll() });
  }

  /** Which engine runs under the store ("sqlite" or "postgres"): for the few places SQL must differ. */
  get engineName(): "sqlite" | "postgres" {
    return this.engine.dialect.name;
  }

  /** The SQLite connection itself, for maintenance and tests on the embedded engine; undefined on PostgreSQL. */
  get sqlite(): Db | undefined {
    return this.engine instanceof SqliteEngine ? this.engine.connection : undefined;
  }

  /** Statements go to the open transaction of this call, if there is one, else to the engine. */
  private queries(): Queries {
    const scope = scopes.getStore();
    return scope !== undefined && scope.store === this && !scope.ended ? scope.tx : this.engine;
  }

  all<T = Record<string, unknown>>(sql: string, params: Params = []): Promise<T[]> {
    return this.queries().query<T>(sql, params);
  }

  get<T = Record<string, unknown>>(sql: string, params: Params = []): Promise<T | undefined> {
    return this.queries().one<T>(sql, params);
  }

  /** The first row's values in the order of the SELECT list, or undefined. */
  async values(sql: string, params: Params = []): Promise<unknown[] | undefined> {
    const row = await this.queries().one(sql, params);
    return row === undefined ? undefined : Object.values(row);
  }

  /**
   * values() with no promise when the engine answers at once (Engine.oneAtOnce): the values, or null
   * when there is no row. Undefined when it cannot: inside a transaction, on a network engine, or
   * while a transaction holds the embedded connection; values() then answers (docs/decisions/0039).
   */
  valuesAtOnce(sql: string, params: Params = []): unknown[] | null | undefined {
    const scope = scopes.getStore();
    if (scope !== undefined && scope.store === this && !scope.ended) return undefined;
    const answer = this.engine.oneAtOnce?.(sql, params);
    if (answer === undefined) return undefined;
    return answer.row === undefined ? null : Object.values(answer.row as Record<string, unknown>);
  }

  run(sql: string, params: Params = []): Promise<RunOutcome> {
    return this.queries().run(sql, params);
  }

  /** Runs one `INSERT` of one row and answers the id it made (through `RETURNING id`, on both engines). */
  async insert(sql: string, params: Params = []): Promise<number> {
    const { lastId } = await this.queries().run(`${sql} RETURNING id`, params);
    if (lastId === undefined) throw new Error(`The insert made no row: ${sql}`);
    return lastId;
  }

  /**
   * Like insert, for an `INSERT … ON CONFLICT … DO NOTHING`: the id it made, or undefined when the
   * conflict kept the row out.
   */
  async insertUnlessConflict(sql: string, params: Params = []): Promise<number | undefined> {
    return (await this.queries().run(`${sql} RETURNING id`, params)).lastId;
  }

  /**
   * SQL with no answer (tables, indexes): a write, run on its own. DDL is written in SQLite's words
   * and said in the engine's (dialect.ts).
   */
  exec(sql: string): Promise<void> {
    return this.queries().exec(this.engine.dialect.ddl(sql));
  }

  /**
   * Every multi-row write goes through here: one transaction, all or nothing. Inside another it is
   * a savepoint. `grouped` joins the turn's group commit (engine.ts).
   */
  async transaction<T>(work: (tx: Transaction) => Promise<T> | T, options: TransactionOptions = {}): Promise<T> {
    const outer = scopes.getStore();
    const inside = outer !== undefined && outer.store === this && !outer.ended;
    const queries: Queries = inside ? outer.tx : this.engine;
    const afterCommit = inside ? outer.afterCommit : [];
    const announced = inside ? outer.announced : [];
    const closing = inside ? outer.closing : [];
    const closingBefore = closing.length;
    const written = inside ? outer.written : new Set<string>();
    if (!inside) openTransactions += 1;
    try {
      const result = await queries.transaction(
        async (tx) => {
          const scope: Scope = { store: this, tx, ended: false, afterCommit, announced, closing, written };
          try {
            return await scopes.run(scope, () => work(tx));
          } finally {
            scope.ended = true;
          }
        },
        // Announced in the transaction, with its COMMIT: heard by the others when, and only if, it commits.
        inside
          ? {}
          : {
              ...options,
              beforeCommit: () => closing,
              atCommit: () => (announced.length ? this.changes.publishSql(announced) : undefined),
            },
      );
      if (!inside) {
        this.settle(written);
        for (const task of afterCommit) scopes.exit(task);
      }
      return result;
    } catch (error) {
      if (!inside) this.settle(written);
      else closing.length = closingBefore; // a savepoint rolled back: what it left to the end goes with it
      // Totals carried forward by bump(table, delta) inside it no longer hold, and labels read
      // inside it may show writes that were rolled back.
      this.totals.clear();
      this.labels.clear();
      for (const watcher of this.watchers) watcher.clear();
      throw error;
    } finally {
      if (!inside && --openTransactions === 0) scopes.disable();
    }
  }

  /**
   * Locks the rows of `table` whose `column` is one of `values` until the open transaction ends, so
   * a rule can read them, decide and write without another transaction changing them in between.
   */
  async lockRows(table: string, column: string, values: readonly (string | number)[]): Promise<void> {
    if (values.length > LOCK_LIST_LIMIT)
      throw new Error(`lockRows(${table}): ${values.length} values; lock a range (lockWhere) instead`);
    await this.lockWhere(table, `${quoteIdent(column)} IN (${values.map(() => "?").join(", ") || "NULL"})`, values);
  }

  /**
   * Locks the rows of `table` under `where` (bound `params`) until the open transaction ends.
   * PostgreSQL: `SELECT … FOR UPDATE`, taken in id order, so two transactions locking overlapping
   * rows queue instead of deadlocking. SQLite: nothing to do, its one writer holds the whole
   * database from BEGIN IMMEDIATE on. Outside a transaction a lock would end at once: refused.
   */
  async lockWhere(table: string, where: string, params: Params): Promise<void> {
    const scope = scopes.getStore();
    if (scope === undefined || scope.store !== this || scope.ended)
      throw new Error(`lockRows(${table}) outside a transaction locks nothing`);
    if (this.engineName === "sqlite") return;
    await scope.tx.query(
      `SELECT "id" FROM ${quoteIdent(table)} WHERE ${where} ORDER BY "id"${this.engine.dialect.forUpdate}`,
      params,
    );
  }

  /**
   * A one-row write's row held until the open transaction ends, before the kept totals are asked
   * about it (totals-cache.ts). PostgreSQL: lockWhere on its id, so overlapping writes of one row
   * queue there, each asking after the last has committed. SQLite's one writer holds the whole
   * database already; a create's row is out of other writes' reach. Undefined outside a transaction.
   */
  private holdRowForWrite(table: string, id: number | undefined): Promise<void> | undefined {
    const scope = scopes.getStore();
    if (scope === undefined || scope.store !== this || scope.ended) return undefined;
    if (id === undefined || this.engineName === "sqlite") return DONE;
    return this.lockWhere(table, `"id" = ?`, [id]);
  }

  /**
   * The clause that makes a SELECT hold the rows it reads until the open transaction ends, for a
   * rule that reads a row it will write back and would otherwise lock it (lockRows) in a statement
   * of its own, a round trip more on PostgreSQL: " FOR UPDATE" there, "" on SQLite (see lockWhere).
   * Outside a transaction a lock would end at once: refused.
   */
  forUpdate(): string {
    const scope = scopes.getStore();
    if (scope === undefined || scope.store !== this || scope.ended)
      throw new Error("forUpdate() outside a transaction locks nothing");
    return this.engine.dialect.forUpdate;
  }

  /**
   * Runs the write `sql` last in the transaction this call is in, just before it commits (on
   * PostgreSQL in the COMMIT's round trip, not one of its own); at once when the call is in no
   * transaction. For a write nothing in the transaction reads after it: in a transaction the promise
   * settles at once, and the write's failure fails the commit, which rolls the transaction back.
   */
  runAtCommit(sql: string, params: Params = []): Promise<void> {
    const scope = scopes.getStore();
    if (scope !== undefined && scope.store === this && !scope.ended) {
      scope.closing.push({ sql, params });
      return DONE;
    }
    return this.run(sql, params).then(() => undefined);
  }

  /**
   * Runs `task` once the transaction this call is in has committed, outside it (nothing, if it rolls
   * back); at once when the call is in no transaction. Work that must not see, or join, uncommitted
   * rows starts here: a background job the transaction queued.
   */
  afterCommit(task: () => void): void {
    const scope = scopes.getStore();
    if (scope !== undefined && scope.store === this && !scope.ended) scope.afterCommit.push(task);
    else scopes.exit(task);
  }

  /**
   * Runs `work` in a transaction shared with the other grouped writes of this turn of the event
   * loop (engine.ts); resolves once that transaction is committed and durable.
   */
  async grouped<T>(work: () => Promise<T> | T): Promise<T> {
    return await this.transaction(work, { grouped: true });
  }

  /**
   * Call after any write to `table`; drops its cached totals. With `rowDelta` (rows added or
   * removed, 0 for an update) the unfiltered total is carried over instead of recounted.
   */
  bump(table: string, rowDelta?: number): void {
    this.totals.carry(table, rowDelta);
    for (const watcher of this.watchers) watcher.tableWritten(table);
    // Outside a transaction the write has committed already: the others hear of it just after.
    // Request paths write in transactions (the announcement commits with the write).
    if (this.changes.shared) this.announce({ topic: table }).catch(() => undefined);
  }

  /**
   * Tells the other processes on this database of `change`: at the commit of the transaction this
   * call is in, or at once. Nothing to do where no other process can share the database (SQLite).
   */
  announce(change: Change): Promise<void> {
    if (!this.changes.shared) return DONE;
    const scope = scopes.getStore();
    if (scope !== undefined && scope.store === this && !scope.ended) {
      scope.announced.push(change);
      return DONE;
    }
    return this.changes.publish([change]);
  }

  /** `listener` hears every change another process announces on `topic` (`key` undefined: all of it). */
  onChange(topic: string, listener: (key: string | undefined) => void): void {
    const listeners = this.topicListeners.get(topic);
    if (listeners) listeners.push(listener);
    else this.topicListeners.set(topic, [listener]);
  }

  /** `listener` runs whenever changes may have been missed: whatever it keeps must go. */
  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  /**
   * Settles once every change another process committed before this call has been heard
   * (change-feed.ts); undefined when there is nothing to wait for (SQLite), so the call pays nothing.
   */
  caughtUp(): Promise<void> | undefined {
    return this.changes.caughtUp();
  }

  /** Another process changed `change`: drop what is kept of it, as a write of unknown rows would. */
  private heard(change: Change): void {
    if (change.key === undefined) {
      this.totals.carry(change.topic, undefined);
      for (const watcher of this.watchers) watcher.tableWritten(change.topic);
    }
    for (const listener of this.topicListeners.get(change.topic) ?? []) listener(change.key);
  }

  /** Changes may have been missed: nothing kept can be trusted. */
  private forgetAll(): void {
    this.generation += 1;
    this.totals.clear();
    this.labels.clear();
    for (const watcher of this.watchers) watcher.clear();
    for (const listener of this.resetListeners) listener();
  }

  /**
   * Whether long reads can leave the serving connection: SQLite's read pool, or PostgreSQL, where
   * every read is awaited on a pooled connection and a walk has a cursor of its own. An in-memory
   * SQLite database has neither: its reads stay inline, and its lists have no anchors.
   */
  get readsLong(): boolean {
    return this.pool !== undefined || this.engine.walk !== undefined;
  }

  /** A read that may take long: on the read pool (SQLite), else on the engine, which answers asynchronously (PostgreSQL). */
  longRead<T = Record<string, unknown>>(sql: string, params: Params = []): Promise<T[]> {
    return this.pool ? this.pool.all<T>(sql, params) : this.all<T>(sql, params);
  }

  /** Engine.walk on the read pool or the engine (see readsLong); refused where neither can. */
  walk(sql: string, params: Params, every: number, opened: () => void): Promise<Walk> {
    if (this.pool) return this.pool.walk(sql, params, every, opened);
    if (this.engine.walk) return this.engine.walk(sql, params, every, opened);
    return Promise.reject(new Error("walk: no read pool and no cursor on this store"));
  }

  /** Keeps `watcher` told of every write from now on. */
  watch(watcher: RowWatcher): void {
    this.watchers.push(watcher);
  }

  /**
   * What a cache of `table`'s rows is kept at (labels, grants, the public scan's views): it moves at
   * every write and again when the transaction that wrote ends, so a cache that takes the version
   * before it reads never keeps, under the version in force after a commit, rows read before it.
   */
  version(table: string): number {
    return this.writeVersion(table) + (this.ended.get(table) ?? 0);
  }

  /**
   * What totals and page anchors are kept at: moves only at a write, so the totals a write carries
   * forward itself (totals-cache.ts) stay in force after its commit.
   */
  writeVersion(table: string): number {
    return (this.versions.get(table) ?? 0) + this.generation;
  }

  /** A write to `table`: its write version moves, and the transaction it is in (if any) notes the table. */
  private advance(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
    const scope = scopes.getStore();
    if (scope === undefined || scope.store !== this || scope.ended || scope.written.has(table)) return;
    scope.written.add(table);
    this.openWriters.set(table, (this.openWriters.get(table) ?? 0) + 1);
  }

  /** An outermost transaction that wrote `tables` has ended: their read versions move. */
  private settle(tables: ReadonlySet<string>): void {
    for (const table of tables) {
      this.ended.set(table, (this.ended.get(table) ?? 0) + 1);
      const open = (this.openWriters.get(table) ?? 1) - 1;
      if (open > 0) this.openWriters.set(table, open);
      else this.openWriters.delete(table);
    }
  }

  /** An exact total, recomputed only when one of `tables` was written since. */
  async cachedCount(tables: readonly string[], sql: string, params: Params, unfiltered = false): Promise<number> {
    return await this.totals.count(tables, sql, params, unfiltered);
  }

  /** An exact total of one table under `where` ("" or "WHERE …"), kept exact by one-row writes. */
  async tableCount(table: string, quotedTable: string, where: string, params: Params): Promise<number> {
    return await this.totals.countTable(table, quotedTable, where, params);
  }

  /** The kept exact total of one table under `where`, if there is one now; never counts. */
  keptTableCount(table: string, quotedTable: string, where: string, params: Params): number | undefined {
    return this.totals.peekTable(quotedTable, where, params, table);
  }

  /**
   * Keeps a total counted on the read pool, begun at `table`'s read version `readVersion` (version()),
   * if no write came since and no writing transaction was open or ended meanwhile (its rows may be
   * missing from the count).
   */
  keepTableCount(
    table: string,
    quotedTable: string,
    where: string,
    params: Params,
    total: number,
    readVersion: number,
  ): void {
    if (this.version(table) !== readVersion) return;
    this.totals.installTable(table, quotedTable, where, params, total, this.writeVersion(table));
  }

  /**
   * A one-row write to `table` (row `id`, undefined for a create): `write` runs it and answers the
   * row's id; every cached total of the table is then adjusted by where the row moved, not dropped.
   */
  async rowWrite<T extends number>(table: string, id: number | undefined, write: () => Promise<T>): Promise<T> {
    return await this.oneRowWrite(table, id, write, false);
  }

  /**
   * A one-row delete of row `id` (`remove` runs it), the totals kept as rowWrite keeps them, but
   * asked about the row only before it: after it the row is in no total. On PostgreSQL the
   * questions after the write were a round trip of the delete's transaction.
   */
  async rowDelete(table: string, id: number, remove: () => Promise<void>): Promise<void> {
    await this.oneRowWrite(
      table,
      id,
      async () => {
        await remove();
        return id;
      },
      true,
    );
  }

  private async oneRowWrite<T extends number>(
    table: string,
    id: number | undefined,
    write: () => Promise<T>,
    deletes: boolean,
  ): Promise<T> {
    const asked = this.totals.beforeRow(table, id);
    const before = asked instanceof Promise ? await asked : asked;
    const marks: unknown[] = [];
    for (const watcher of this.watchers) marks.push(await watcher.beforeRow(table, id));
    let written: T;
    try {
      written = await write();
    } catch (error) {
      // The watchers were asked before a write that did not happen, and are never told after it.
      for (const watcher of this.watchers) watcher.clear();
      throw error;
    }
    const adjusted = this.totals.afterRow(before, deletes ? undefined : written);
    if (adjusted) await adjusted;
    for (const [index, watcher] of this.watchers.entries()) await watcher.afterRow(marks[index], written);
    await this.announce({ topic: table });
    return written;
  }

  /**
   * Closes the engine; the promise settles once every connection has closed. On SQLite the last to
   * close folds the WAL into the file and removes the -wal and -shm files, so whoever deletes or
   * copies the database afterwards awaits it.
   */
  async close(): Promise<void> {
    await Promise.all([this.pool?.close(), this.engine.close(), this.changes.close()]);
  }
}
