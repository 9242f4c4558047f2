// The network engine: PostgreSQL through a pg (node-postgres) pool. Statements outside a
// transaction take any pooled connection; a transaction holds one from BEGIN to COMMIT. Each
// distinct SQL text is numbered once (placeholders.ts) and prepared once per connection.
// Values come back as engine.ts promises (type parsers below); the session runs in UTC, so dates
// and days cut in SQL fall where SQLite's date functions cut them.
import pg from "pg";
import { apiTime } from "../../time/api-time";
import { POSTGRES } from "./dialect";
import type { Engine, Row, RunResult, SqlParams, SqlValue, Transaction, TransactionOptions, Walk } from "./engine";
import { DatabaseUnavailable, fromPostgresError } from "./database-errors";
import { numberPlaceholders } from "./placeholders";
import { TransactionScope, type StatementRunner } from "./transaction-scope";

/** Distinct SQL texts that get a prepared statement (per connection); texts past these run unprepared. */
const PREPARED_LIMIT = 1000;
const TEXT_CACHE_LIMIT = 5000;
/** Rows a walk fetches a round trip: few round trips over millions of rows, little memory per batch. */
const WALK_FETCH = 10_000;

export interface PgEngineOptions {
  /** Connections in the pool. */
  readonly max?: number;
  /** How long a call waits for a connection (pool full, or the server unreachable) before it is refused. */
  readonly connectTimeoutMs?: number;
  /**
   * Prepare each statement once per connection (the default). Off for a connection pooler in
   * transaction mode that cannot keep prepared statements; bench/db-engines.ts weighs both.
   */
  readonly prepare?: boolean;
}

const OID = { bool: 16, int8: 20, json: 114, numeric: 1700, timestamp: 1114, timestamptz: 1184, jsonb: 3802 };

const builtin = pg.types.getTypeParser.bind(pg.types) as (oid: number, format?: string) => (text: string) => unknown;
const parseTimestamptz = builtin(OID.timestamptz) as (text: string) => Date;

/** Integers beyond ±2^53−1 stay exact as bigint (and fail loudly in JSON) rather than round. */
function parseInteger(text: string): number | bigint {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

const PARSERS: Readonly<Record<number, (text: string) => unknown>> = {
  [OID.int8]: parseInteger,
  [OID.numeric]: Number,
  [OID.bool]: (text) => (text === "t" ? 1 : 0),
  [OID.json]: (text) => text,
  // JSONB prints its own spacing (`{"a": 1}`); read back compact, as the server wrote it and as
  // SQLite keeps it, so a row's text is the same on both engines (JSONB may still order keys shorter first).
  [OID.jsonb]: (text) => JSON.stringify(JSON.parse(text)),
  // As the API writes a time (to the second, milliseconds only when there are some), so a time
  // column reads back as the text SQLite keeps for it.
  [OID.timestamptz]: (text) => apiTime(parseTimestamptz(text).getTime()),
  [OID.timestamp]: (text) => new Date(`${text.replace(" ", "T")}Z`).toISOString(),
};

const TYPES = {
  getTypeParser: (oid: number, format?: string) => PARSERS[oid] ?? builtin(oid, format),
} as unknown as pg.CustomTypesConfig;

/** Values as pg sends them; a Date as ISO text, not pg's local-time rendering. */
function bind(params: SqlParams): unknown[] {
  return params.map((value: SqlValue) => (value instanceof Date ? value.toISOString() : value));
}

interface Numbered {
  readonly text: string;
  readonly name: string | undefined;
}

export class PgEngine implements Engine {
  readonly dialect = POSTGRES;
  private readonly pool: pg.Pool;
  private readonly texts = new Map<string, Numbered>();
  private prepared = 0;
  private readonly prepare: boolean;

  constructor(url: string, options: PgEngineOptions = {}) {
    this.prepare = options.prepare ?? true;
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.max ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      types: TYPES,
      // No JIT: the server's statements are short, and a plan over partitioned tables (a report's
      // view joins the ledger's months and the codes' hash partitions) costs enough to be compiled:
      // 8.4 s of a 8.8 s report read went to compiling it, against 0.4 s to run it.
      options: "-c TimeZone=UTC -c jit=off",
      // A statement is written to the connection at once, even while another is being answered:
      // a transaction's BEGIN and its first statement then share one round trip (transaction()).
      // Everything else awaits each answer before its next statement, as without it.
      pipeline: true,
    });
    // An idle connection the server closed (a restart): the pool drops it and the next call connects anew.
    this.pool.on("error", () => undefined);
  }

  async query<T = Row>(sql: string, params: SqlParams = []): Promise<T[]> {
    return (await this.send(this.pool, sql, params)).rows as T[];
  }

  async one<T = Row>(sql: string, params: SqlParams = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0];
  }

  async run(sql: string, params: SqlParams = []): Promise<RunResult> {
    return runResult(await this.send(this.pool, sql, params));
  }

  async exec(sql: string): Promise<void> {
    try {
      await this.pool.query(sql);
    } catch (error) {
      throw fromPostgresError(error);
    }
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw fromPostgresError(error);
    }
    const connection = this.runnerOn(client);
    // BEGIN is not awaited alone: the work's first statement follows it on the wire (pipeline mode),
    // and waits for both answers. A BEGIN that fails on a working connection does not happen (it
    // parses nothing and reads nothing); one cut off takes the statement behind it down with it.
    const begun = connection.exec(
      options.isolation === "serializable" ? "BEGIN ISOLATION LEVEL SERIALIZABLE" : "BEGIN",
    );
    begun.catch(() => undefined); // answered through the first statement, or awaited before the COMMIT
    const runner = afterBegin(connection, begun);
    const scope = new TransactionScope(runner);
    let lost = false;
    // The server closing the connection between two statements: the next statement fails with it.
    const onLost = () => (lost = true);
    client.on("error", onLost);
    try {
      const result = await work(scope);
      await begun;
      scope.finish();
      const closing = (options.beforeCommit?.() ?? []).map(({ sql, params }) => runner.run(sql, params));
      const last = options.atCommit?.();
      // One simple query: should `last` fail, the COMMIT after it is not run, and the catch rolls back.
      const committed = runner.exec(last ? `${last};\nCOMMIT` : "COMMIT");
      // Sent behind the closing statements, in their round trip. Should one of them fail, its failure
      // is the one reported: the transaction is aborted, so `last` is refused with it, or a bare
      // COMMIT rolls back, and the catch rolls back (again).
      for (const answer of [...closing, committed]) answer.catch(() => undefined);
      for (const answer of closing) await answer;
      await committed;
      return result;
    } catch (error) {
      scope.end();
      lost ||= error instanceof DatabaseUnavailable;
      if (!lost) await client.query("ROLLBACK").catch(() => (lost = true));
      throw error;
    } finally {
      client.off("error", onLost);
      // A connection that failed mid-transaction is closed, not handed to the next caller.
      client.release(lost);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /**
   * Engine.pages: a cursor read with FETCH, `size` rows a round trip. Reading by LIMIT and OFFSET
   * instead walks every row before the page again on each page (a 1,000,000-row export did not
   * end in minutes); a cursor walks the plan once. REPEATABLE READ gives every page the same
   * snapshot, as SQLite's read connection has; READ ONLY, so nothing here can write.
   */
  pages(sql: string, params: SqlParams, size: number): AsyncGenerator<Row[]> {
    return this.cursor<Row>(sql, params, size);
  }

  /**
   * Engine.walk: the same cursor, its rows as arrays, keeping every `every`-th. The snapshot is
   * taken by a first statement of its own, so `opened` runs only once it certainly exists: a write
   * that begins after `opened` commits after the snapshot and is not in the walk.
   */
  async walk(sql: string, params: SqlParams, every: number, opened: () => void): Promise<Walk> {
    if (!Number.isSafeInteger(every) || every < 1)
      throw new Error(`walk: every must be a positive integer, got ${every}`);
    const kept: unknown[][] = [];
    let count = 0;
    for await (const rows of this.cursor<unknown[]>(sql, params, WALK_FETCH, opened))
      for (const row of rows) {
        if (count % every === 0) kept.push(row);
        count += 1;
      }
    return { kept, count };
  }

  /** A cursor in a read-only REPEATABLE READ transaction; with `opened`, rows come as arrays. */
  private async *cursor<T>(sql: string, params: SqlParams, size: number, opened?: () => void): AsyncGenerator<T[]> {
    if (!Number.isSafeInteger(size) || size < 1) throw new Error(`pages: size must be a positive integer, got ${size}`);
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw fromPostgresError(error);
    }
    let lost = false;
    const onLost = () => (lost = true);
    client.on("error", onLost);
    // A walk's rows come as arrays: its keys, in the SELECT list's order, with no names to carry.
    const config = (text: string, values: unknown[]): pg.QueryConfig =>
      opened ? ({ text, values, rowMode: "array" } as pg.QueryConfig) : { text, values };
    const send = async (text: string, values: unknown[] = []): Promise<pg.QueryResult> => {
      try {
        return await client.query(config(text, values));
      } catch (error) {
        throw fromPostgresError(error);
      }
    };
    let open = false;
    try {
      await send("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      open = true;
      if (opened) {
        await send("SELECT 1"); // REPEATABLE READ takes its snapshot at the first statement
        opened();
      }
      await send(`DECLARE export_rows NO SCROLL CURSOR FOR ${numberPlaceholders(sql).text}`, bind(params));
      for (;;) {
        const { rows } = await send(`FETCH FORWARD ${size} FROM export_rows`);
        if (rows.length) yield rows as T[];
        if (rows.length < size) break;
      }
      open = false;
      await send("COMMIT");
    } catch (error) {
      lost ||= error instanceof DatabaseUnavailable;
      throw error;
    } finally {
      // Stopped early (return()) or failed: the transaction and its cursor end here.
      if (open && !lost) await client.query("ROLLBACK").catch(() => (lost = true));
      client.off("error", onLost);
      client.release(lost);
    }
  }

  private runnerOn(client: pg.PoolClient): StatementRunner {
    return {
      query: async <T>(sql: string, params: SqlParams) => (await this.send(client, sql, params)).rows as T[],
      one: async <T>(sql: string, params: SqlParams) => (await this.send(client, sql, params)).rows[0] as T | undefined,
      run: async (sql, params) => runResult(await this.send(client, sql, params)),
      exec: async (sql) => {
        try {
          await client.query(sql);
        } catch (error) {
          throw fromPostgresError(error);
        }
      },
    };
  }

  private async send(on: pg.Pool | pg.PoolClient, sql: string, params: SqlParams): Promise<pg.QueryResult> {
    const { text, name } = this.numbered(sql);
    try {
      return await on.query({ text, name, values: bind(params) });
    } catch (error) {
      throw fromPostgresError(error);
    }
  }

  private numbered(sql: string): Numbered {
    let numbered = this.texts.get(sql);
    if (!numbered) {
      if (this.texts.size >= TEXT_CACHE_LIMIT) this.texts.clear();
      // A name is never given to a second text: a connection keeps what it prepared under that name.
      const name = this.prepare && this.prepared < PREPARED_LIMIT ? `s${++this.prepared}` : undefined;
      numbered = { text: numberPlaceholders(sql).text, name };
      this.texts.set(sql, numbered);
    }
    return numbered;
  }
}

/**
 * `runner`, whose statements answer only once `begun` (the transaction's BEGIN, sent before them)
 * has: its failure is theirs. Once it has succeeded, statements go straight through.
 */
function afterBegin(runner: StatementRunner, begun: Promise<void>): StatementRunner {
  let started = false;
  void begun.then(
    () => (started = true),
    () => undefined,
  );
  const after = async <T>(answer: Promise<T>): Promise<T> => {
    if (started) return await answer;
    answer.catch(() => undefined); // BEGIN's failure is the one reported
    await begun;
    return await answer;
  };
  return {
    query: (sql, params) => after(runner.query(sql, params)),
    one: (sql, params) => after(runner.one(sql, params)),
    run: (sql, params) => after(runner.run(sql, params)),
    exec: (sql) => after(runner.exec(sql)),
  };
}

function runResult(result: pg.QueryResult): RunResult {
  const last = result.rows[result.rows.length - 1] as { id?: unknown } | undefined;
  return { changes: result.rowCount ?? 0, lastId: last?.id === undefined ? undefined : Number(last.id) };
}
