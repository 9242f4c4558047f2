// The one asynchronous interface server code talks to, whichever database runs under it:
// SQLite in-process (sqlite-engine.ts) or PostgreSQL over the network (pg-engine.ts). SQL is written
// once, with `?` placeholders; what differs between the engines is in the dialect (dialect.ts), and
// values cross the boundary the same way on both:
// - in: text, numbers (integers within ±2^53−1), bigint, booleans, null, Buffers, and Dates (sent as
//   ISO-8601 UTC text); JSON is bound as its text (JSON.stringify).
// - out: integers and numerics as numbers (never the strings PostgreSQL's drivers give for BIGINT),
//   booleans as 1 and 0 (what SQLite stores, so code reading a flag is the same on both), JSON as its
//   text (parse it), timestamps as ISO-8601 UTC text as the API writes times, to the second and with
//   milliseconds only when there are some ("2026-11-27T10:00:00Z", "2026-11-27T10:00:00.345Z";
//   time/api-time.ts apiTime).
// A failure the caller can act on arrives as a DatabaseError subclass (database-errors.ts).
import type { Dialect } from "./dialect";

export type SqlValue = string | number | bigint | boolean | null | Buffer | Date;
export type SqlParams = readonly SqlValue[];
export type Row = Record<string, unknown>;

export interface RunResult {
  /** Rows the statement inserted, updated or deleted. */
  readonly changes: number;
  /**
   * The id of the (last) row an `INSERT … RETURNING id` made; undefined for a statement without
   * RETURNING, on both engines (PostgreSQL has no "last insert id" to ask for afterwards).
   */
  readonly lastId: number | undefined;
}

export interface TransactionOptions {
  /**
   * PostgreSQL's isolation for this transaction (READ COMMITTED by default). SQLite has one writer
   * at a time, so every transaction there is serializable already. Run a serializable transaction
   * through `retrying` (database-errors.ts): PostgreSQL may refuse it at any statement or at COMMIT.
   */
  readonly isolation?: "read committed" | "serializable";
  /**
   * Committed with the other grouped transactions of this turn of the event loop: on SQLite one
   * commit and one fsync for them all, each in its own savepoint (group-commit.ts says why); the
   * promise resolves once the commit is durable. PostgreSQL commits each on its own: its WAL writer
   * already flushes concurrent commits together.
   */
  readonly grouped?: boolean;
  /**
   * Asked once the work has succeeded: SQL without parameters (statements joined by ";") that the
   * transaction runs last, just before it commits. PostgreSQL sends it with the COMMIT, in one
   * round trip: the change feed's NOTIFY of every write goes there (store.ts).
   */
  readonly atCommit?: () => string | undefined;
  /**
   * Asked once the work has succeeded: statements with parameters that the transaction runs last,
   * in order, before atCommit's SQL and the COMMIT. PostgreSQL sends them right behind one another
   * and the COMMIT, in the COMMIT's round trip. The first to fail is the failure reported, and the
   * transaction rolls back.
   */
  readonly beforeCommit?: () => readonly BoundStatement[];
}

/** A statement and the values it binds. */
export interface BoundStatement {
  readonly sql: string;
  readonly params: SqlParams;
}

/** What a walk (Engine.walk, ReadPool.walk) answers: every k-th row's values, and the count of all rows. */
export interface Walk {
  readonly kept: unknown[][];
  readonly count: number;
}

/** Statements, on the engine or inside a transaction. */
export interface Queries {
  query<T = Row>(sql: string, params?: SqlParams): Promise<T[]>;
  /** The first row, or undefined. */
  one<T = Row>(sql: string, params?: SqlParams): Promise<T | undefined>;
  run(sql: string, params?: SqlParams): Promise<RunResult>;
  /** Several statements without parameters (DDL). */
  exec(sql: string): Promise<void>;
  /**
   * A unit of work: `work`'s statements commit together when its promise resolves, and roll back
   * when it rejects (the rejection is rethrown). Inside a transaction this opens a savepoint: its
   * failure undoes only its own statements, and the outer work may catch it and go on.
   * Inside `work`, use `tx` and nothing else: a statement on the engine itself is refused with an
   * error (on SQLite it would wait forever for the transaction it runs in).
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

/** The handle `work` gets; usable only until its transaction ends. */
export type Transaction = Queries;

export interface Engine extends Queries {
  readonly dialect: Dialect;
  /**
   * The rows of one SELECT, `size` at a time, all from one snapshot, on a connection of their own:
   * for a long read (a list's export) that must neither skip rows nor hold back other calls.
   * PostgreSQL: a cursor in a read-only REPEATABLE READ transaction. Undefined on SQLite, whose one
   * connection cannot keep a statement open while it serves others: there a second, read-only
   * connection on the file does it (resources/export/export-rows.ts).
   * Stop early with the iterator's return(): it ends the transaction and frees the connection.
   */
  pages?(sql: string, params: SqlParams, size: number): AsyncGenerator<Row[]>;
  /**
   * Every `every`-th row of one ordered SELECT (its values in the SELECT list's order), from the
   * first, and how many rows it has, all from one snapshot; `opened` runs once that snapshot is
   * taken, before the first row is read (page anchors replay the writes that came after it).
   * PostgreSQL: a cursor, as pages reads. Undefined on SQLite, whose read pool does it
   * (read-pool.ts) off the serving connection.
   */
  walk?(sql: string, params: SqlParams, every: number, opened: () => void): Promise<Walk>;
  /**
   * one()'s answer with no promise, when the engine can give it at once: the embedded engine, with
   * no transaction holding its connection. Undefined when it cannot (a network engine always).
   * For the hottest reads (a read by id), whose awaits cost more than the read on SQLite.
   */
  oneAtOnce?<T = Row>(sql: string, params: SqlParams): { readonly row: T | undefined } | undefined;
  /** Closes every connection; statements already queued finish first. */
  close(): Promise<void>;
}
