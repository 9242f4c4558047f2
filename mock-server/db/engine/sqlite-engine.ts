// The embedded engine: one better-sqlite3 connection opened as open-database.ts opens it (WAL,
// synchronous=FULL, busy_timeout), with its statement cache, the shared read transaction of a turn
// (shared-read.ts) and the checkpoint worker (checkpointer.ts).
// better-sqlite3 answers synchronously; a transaction's work is asynchronous and holds the one
// connection across its awaits, so a turnstile (turnstile.ts) admits one transaction at a time, and
// a statement outside any transaction waits for the open one to end instead of landing inside it.
// When nothing holds the connection a statement runs at once, as the synchronous Store's does.
// Grouped transactions (group-commit.ts explains why) share one commit and one fsync per turn.
import { closeSync, fdatasync, openSync } from "node:fs";
import type { Statement } from "better-sqlite3";
import { startCheckpointer, type Checkpointer } from "../checkpointer";
import { openDatabase, type Db } from "../open-database";
import { SharedRead } from "../shared-read";
import { SQLITE } from "./dialect";
import type { Engine, Row, RunResult, SqlParams, SqlValue, Transaction, TransactionOptions } from "./engine";
import { fromSqliteError } from "./database-errors";
import { TransactionScope, type StatementRunner } from "./transaction-scope";
import { Turnstile } from "./turnstile";

const STATEMENT_CACHE_LIMIT = 1000;
/** One transaction-control statement, which a prepared statement can run. */
const TRANSACTION_CONTROL = /^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b[^;]*$/;

export interface SqliteEngineOptions {
  /** How long a statement or transaction waits for the connection before it is refused (turnstile.ts). */
  readonly lockWaitMs?: number;
}

interface GroupMember {
  readonly work: (tx: Transaction) => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

type Bound = string | number | bigint | null | Buffer;

/** Values as better-sqlite3 binds them: it refuses booleans and Dates (and most calls bind neither). */
function bind(params: SqlParams): readonly Bound[] {
  for (const value of params)
    if (typeof value === "boolean" || value instanceof Date)
      return params.map((value: SqlValue) =>
        typeof value === "boolean" ? Number(value) : value instanceof Date ? value.toISOString() : value,
      );
  return params as readonly Bound[];
}

export class SqliteEngine implements Engine {
  readonly dialect = SQLITE;
  private readonly db: Db;
  private readonly statements = new Map<string, Statement<unknown[]>>();
  private readonly turnstile: Turnstile;
  private readonly sharedRead: SharedRead;
  private readonly checkpointer: Checkpointer | undefined;
  /** Statements on the connection as it is: inside the transaction that holds the turnstile. */
  private readonly direct: StatementRunner;
  private group: GroupMember[] = [];
  private wal: number | undefined;
  private synchronous: { readonly normal: Statement; readonly full: Statement } | undefined;

  constructor(file: string, options: SqliteEngineOptions = {}) {
    this.db = openDatabase(file);
    this.turnstile = new Turnstile(options.lockWaitMs ?? 5000);
    this.sharedRead = new SharedRead(this.db);
    this.checkpointer = startCheckpointer(this.db);
    const now = {
      query: <T>(sql: string, params: SqlParams) => this.mapped(() => this.prepare(sql).all(...bind(params)) as T[]),
      one: <T>(sql: string, params: SqlParams) =>
        this.mapped(() => this.prepare(sql).get(...bind(params)) as T | undefined),
      run: (sql: string, params: SqlParams) => this.mapped(() => this.runNow(sql, params)),
      // BEGIN, COMMIT and the savepoints of every transaction run as prepared statements: exec()
      // would compile them again each time, several times a public scan.
      exec: (sql: string) =>
        this.mapped(() => void (TRANSACTION_CONTROL.test(sql) ? this.prepare(sql).run() : this.db.exec(sql))),
    };
    this.direct = {
      query: (sql, params) => this.settle(() => now.query(sql, params)),
      one: (sql, params) => this.settle(() => now.one(sql, params)),
      run: (sql, params) => this.settle(() => now.run(sql, params)),
      exec: (sql) => this.settle(() => now.exec(sql)),
      now,
    };
  }

  /** The connection itself, for maintenance on the embedded engine (pragmas, checkpoints) and for tests. */
  get connection(): Db {
    return this.db;
  }

  /**
   * The connection with the turn's shared read ended first, for work run on it directly between
   * requests: a bulk load, or a checkpoint that must truncate the WAL (an open read would hold it).
   */
  quietConnection(): Db {
    this.sharedRead.end();
    return this.db;
  }

  query<T = Row>(sql: string, params: SqlParams = []): Promise<T[]> {
    return this.outside(() => {
      const statement = this.prepare(sql);
      this.beforeStatement(statement);
      return statement.all(...bind(params)) as T[];
    });
  }

  one<T = Row>(sql: string, params: SqlParams = []): Promise<T | undefined> {
    return this.outside(() => {
      const statement = this.prepare(sql);
      this.beforeStatement(statement);
      return statement.get(...bind(params)) as T | undefined;
    });
  }

  oneAtOnce<T = Row>(sql: string, params: SqlParams): { readonly row: T | undefined } | undefined {
    if (this.turnstile.busy) return undefined;
    return this.mapped(() => {
      const statement = this.prepare(sql);
      this.beforeStatement(statement);
      return { row: statement.get(...bind(params)) as T | undefined };
    });
  }

  run(sql: string, params: SqlParams = []): Promise<RunResult> {
    return this.outside(() => {
      this.sharedRead.end();
      return this.runNow(sql, params);
    });
  }

  exec(sql: string): Promise<void> {
    return this.outside(() => {
      this.sharedRead.end();
      this.db.exec(sql);
    });
  }

  transaction<T>(run: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const { atCommit, beforeCommit } = options;
    // In process a statement costs no round trip: beforeCommit's statements and atCommit's SQL are
    // simply the work's last statements.
    const work =
      atCommit || beforeCommit
        ? async (tx: Transaction) => {
            const result = await run(tx);
            for (const { sql, params } of beforeCommit?.() ?? []) await tx.run(sql, params);
            const last = atCommit?.();
            if (last) await tx.exec(last);
            return result;
          }
        : run;
    if (options.grouped) return this.grouped(work);
    return this.holding(async () => {
      this.sharedRead.end();
      await this.direct.exec("BEGIN IMMEDIATE");
      const scope = new TransactionScope(this.direct);
      try {
        const result = await work(scope);
        scope.finish();
        await this.direct.exec("COMMIT");
        return result;
      } catch (error) {
        scope.end();
        if (this.db.inTransaction) this.db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  /** Waits for the transaction holding the connection; a statement after the close is refused as DatabaseUnavailable. */
  async close(): Promise<void> {
    await this.turnstile.enter();
    this.turnstile.leave();
    this.sharedRead.end();
    if (this.wal !== undefined) closeSync(this.wal);
    this.wal = undefined;
    const workerStopped = this.checkpointer?.stop() ?? Promise.resolve();
    this.db.close();
    await workerStopped;
  }

  private prepare(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      // IN lists of varying length make many texts; keep the cache bounded.
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = this.db.prepare<unknown[]>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** A read joins the turn's shared read transaction; anything that writes ends it first. */
  private beforeStatement(statement: Statement<unknown[]>): void {
    if (statement.readonly) this.sharedRead.begin();
    else this.sharedRead.end();
  }

  private runNow(sql: string, params: SqlParams): RunResult {
    const statement = this.prepare(sql);
    const { changes, lastInsertRowid } = statement.run(...bind(params));
    // Only a statement with RETURNING answers an id, as on PostgreSQL.
    return { changes, lastId: statement.reader && changes > 0 ? Number(lastInsertRowid) : undefined };
  }

  /** A synchronous call, its error mapped (thrown as fromSqliteError makes it). */
  private mapped<T>(call: () => T): T {
    try {
      return call();
    } catch (error) {
      throw fromSqliteError(error);
    }
  }

  /** A synchronous call as a settled promise, its error mapped. */
  private settle<T>(call: () => T): Promise<T> {
    try {
      return Promise.resolve(call());
    } catch (error) {
      const mapped = fromSqliteError(error);
      return new Promise<T>(() => {
        throw mapped; // rejects with it as it is, an Error or not
      });
    }
  }

  /** A statement outside any transaction: at once when the connection is free, else after the transaction holding it. */
  private outside<T>(call: () => T): Promise<T> {
    if (!this.turnstile.busy) return this.settle(call);
    return this.holding(() => this.settle(call));
  }

  private async holding<T>(work: () => Promise<T>): Promise<T> {
    await this.turnstile.enter();
    try {
      return await work();
    } catch (error) {
      throw fromSqliteError(error);
    } finally {
      this.turnstile.leave();
    }
  }

  private grouped<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.group.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.group.length === 1) setImmediate(() => void this.flushGroup());
    });
  }

  /**
   * One transaction for the turn's grouped work, each member in its own savepoint (a failing member
   * rolls back only itself and gets its own error), committed at synchronous=NORMAL and then synced
   * off the event loop; each member is answered after the sync. A failing commit fails them all.
   */
  private async flushGroup(): Promise<void> {
    const members = this.group;
    this.group = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const durable = !this.db.memory;
    try {
      await this.holding(async () => {
        this.sharedRead.end();
        const synchronous = durable ? this.synchronousSwitch() : undefined;
        synchronous?.normal.run();
        try {
          await this.direct.exec("BEGIN IMMEDIATE");
          const scope = new TransactionScope(this.direct);
          try {
            for (const member of members) {
              try {
                outcomes.push({ ok: true, value: await scope.transaction(member.work) });
              } catch (error) {
                // SQLite rolled the whole transaction back (a full disk, an I/O error): the group fails.
                if (!this.db.inTransaction) throw error;
                outcomes.push({ ok: false, error });
              }
            }
            scope.finish();
            await this.direct.exec("COMMIT");
          } catch (error) {
            scope.end();
            if (this.db.inTransaction) this.db.exec("ROLLBACK");
            throw error;
          }
        } finally {
          synchronous?.full.run();
        }
      });
    } catch (error) {
      for (const member of members) member.reject(error);
      return;
    }
    const answer = () =>
      members.forEach((member, i) => {
        const outcome = outcomes[i];
        if (outcome.ok) member.resolve(outcome.value);
        else member.reject(outcome.error);
      });
    if (!durable) return answer();
    this.wal ??= openSync(`${this.db.name}-wal`, "r+");
    fdatasync(this.wal, (error) => (error ? members.forEach((member) => member.reject(error)) : answer()));
  }

  /** The two switches, prepared once: db.pragma() compiles its statement on every call. */
  private synchronousSwitch(): { readonly normal: Statement; readonly full: Statement } {
    this.synchronous ??= {
      normal: this.db.prepare("PRAGMA synchronous = NORMAL"),
      full: this.db.prepare("PRAGMA synchronous = FULL"),
    };
    return this.synchronous;
  }
}
