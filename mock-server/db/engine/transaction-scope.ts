// The handle a unit of work gets, the same on both engines: statements go to the engine's
// connection for this transaction; a nested transaction is a savepoint; the handle refuses to be
// used once its transaction has ended, while a savepoint of it is open (use the savepoint's
// handle), or after a statement of it failed (PostgreSQL refuses every later statement of such a
// transaction; the SQLite engine refuses them too, so code that works on one works on both).
import type { Row, RunResult, SqlParams, Transaction } from "./engine";
import { DatabaseUnavailable, TransactionAborted } from "./database-errors";

/** What a scope needs of its engine: statements on the transaction's connection, errors already mapped. */
export interface StatementRunner {
  query<T>(sql: string, params: SqlParams): Promise<T[]>;
  /** The first row only: a driver that can stop there (SQLite's get) need not read the rest. */
  one<T>(sql: string, params: SqlParams): Promise<T | undefined>;
  run(sql: string, params: SqlParams): Promise<RunResult>;
  exec(sql: string): Promise<void>;
  /**
   * The same statements answered at once, for an engine whose driver is synchronous (SQLite): the
   * scope then wraps each answer in one settled promise instead of awaiting a promise inside an
   * async function, which on the public scan's path was two promises and their turns a statement.
   */
  readonly now?: {
    query<T>(sql: string, params: SqlParams): T[];
    one<T>(sql: string, params: SqlParams): T | undefined;
    run(sql: string, params: SqlParams): RunResult;
    exec(sql: string): void;
  };
}

export class TransactionScope implements Transaction {
  private ended = false;
  private savepointOpen = false;
  private failure: unknown = undefined;

  constructor(
    private readonly runner: StatementRunner,
    private readonly depth = 0,
  ) {}

  query<T = Row>(sql: string, params: SqlParams = []): Promise<T[]> {
    const now = this.runner.now;
    if (now) return this.answered(() => now.query<T>(sql, params));
    return this.statement(() => this.runner.query<T>(sql, params));
  }

  one<T = Row>(sql: string, params: SqlParams = []): Promise<T | undefined> {
    const now = this.runner.now;
    if (now) return this.answered(() => now.one<T>(sql, params));
    return this.statement(() => this.runner.one<T>(sql, params));
  }

  run(sql: string, params: SqlParams = []): Promise<RunResult> {
    const now = this.runner.now;
    if (now) return this.answered(() => now.run(sql, params));
    return this.statement(() => this.runner.run(sql, params));
  }

  exec(sql: string): Promise<void> {
    const now = this.runner.now;
    if (now) return this.answered(() => now.exec(sql));
    return this.statement(() => this.runner.exec(sql));
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const savepoint = `sp_${this.depth + 1}`;
    await this.statement(() => this.runner.exec(`SAVEPOINT ${savepoint}`));
    const inner = new TransactionScope(this.runner, this.depth + 1);
    this.savepointOpen = true;
    try {
      const result = await work(inner);
      inner.finish();
      await this.runner.exec(`RELEASE SAVEPOINT ${savepoint}`);
      return result;
    } catch (error) {
      inner.end();
      if (!(error instanceof DatabaseUnavailable)) {
        try {
          await this.runner.exec(`ROLLBACK TO SAVEPOINT ${savepoint}`);
          await this.runner.exec(`RELEASE SAVEPOINT ${savepoint}`);
        } catch (rollbackError) {
          this.failure ??= rollbackError;
        }
      }
      throw error;
    } finally {
      this.savepointOpen = false;
    }
  }

  /** Before COMMIT: ends the handle, and refuses the commit if a statement failed inside. */
  finish(): void {
    this.ended = true;
    if (this.failure !== undefined) throw new TransactionAborted({ cause: this.failure });
  }

  /** After a rollback: ends the handle. */
  end(): void {
    this.ended = true;
  }

  private async statement<T>(send: () => Promise<T>): Promise<T> {
    const refusal = this.refusal();
    if (refusal) throw refusal;
    try {
      return await send();
    } catch (error) {
      this.failure = error;
      throw error;
    }
  }

  /** statement() for a synchronous driver: the same refusals and failures, as one settled promise. */
  private answered<T>(call: () => T): Promise<T> {
    const refusal = this.refusal();
    if (refusal) return Promise.reject(refusal);
    try {
      return Promise.resolve(call());
    } catch (error) {
      this.failure = error;
      return new Promise<T>(() => {
        throw error; // rejects with it as it is, an Error or not
      });
    }
  }

  /** Why this handle may not run a statement now, if it may not. */
  private refusal(): Error | undefined {
    if (this.ended) return new Error("This transaction has ended: its handle cannot run statements any more");
    if (this.savepointOpen) return new Error("A savepoint of this transaction is open: use the savepoint's handle");
    if (this.failure !== undefined) return new TransactionAborted({ cause: this.failure });
    return undefined;
  }
}
