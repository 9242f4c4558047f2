// What SQL must say differently on the two engines, in one table. Everything not here is written
// once and runs on both as it is:
// - placeholders: `?`, in order (the PostgreSQL engine numbers them; placeholders.ts);
// - upsert: `INSERT … ON CONFLICT (key) DO UPDATE SET v = excluded.v` and `ON CONFLICT DO NOTHING`;
// - `RETURNING …` after INSERT, UPDATE and DELETE;
// - booleans in SQL: TRUE and FALSE, never 1 and 0 (PostgreSQL has no boolean = integer); bound
//   values may be either, and read back as 1 and 0 (engine.ts);
// - a JSON field: `column ->> 'key'` (SQLite answers the JSON value's own type, PostgreSQL text:
//   compare it as text, or cast);
// - LIKE with `ESCAPE '\'` (sql-names.ts's likeContains).
// Not written once, and so in the table: column types, the id column, the current time,
// case-insensitive LIKE and row locks.

export type EngineName = "sqlite" | "postgres";

/** The kinds of value a column stores. */
export type ColumnKind = "text" | "integer" | "real" | "boolean" | "json" | "timestamp" | "bytes";

export interface Dialect {
  readonly name: EngineName;
  /** The column type for each kind. */
  readonly types: Readonly<Record<ColumnKind, string>>;
  /** An integer primary key numbered by the database, for CREATE TABLE. */
  readonly idColumn: string;
  /** The current time as a timestamp column holds it (ISO-8601 UTC text on SQLite). */
  readonly now: string;
  /** LIKE that ignores case (SQLite's LIKE ignores ASCII case; PostgreSQL's does not). */
  readonly likeIgnoringCase: string;
  /** The ISO-8601 UTC text (as Date.prototype.toISOString makes it) of milliseconds since the epoch. */
  isoOfMillis(expr: string): string;
  /**
   * Appended to a SELECT inside a transaction to hold its rows until the commit: PostgreSQL's row
   * lock; on SQLite nothing, as one transaction runs at a time there.
   */
  readonly forUpdate: string;
  /** The n-th (1-based) placeholder as the driver receives it, for SQL built after numbering. */
  placeholder(index: number): string;
  /** After a CREATE TABLE whose primary key is its only index (a key-value table): SQLite's WITHOUT ROWID. */
  readonly keyedTable: string;
  /**
   * The type of a text column of ISO-8601 UTC instants that is compared with other instants through
   * its index: compared in byte order, which is the instants' order. SQLite's TEXT compares bytes;
   * PostgreSQL's compares in the database's collation, and an index serves only comparisons in its
   * column's own collation: compared with a `COLLATE "C"` column (the partitioned layout's month keys)
   * a default-collation index is walked row by row.
   */
  readonly instantText: string;
  /**
   * The value of a time column (`expr`: an ISO-8601 text or a timestamp) as ISO-8601 UTC text, to
   * compare in byte order with instantText columns and to cut a day from with substr: SQLite's text
   * as it is; on PostgreSQL time_text (timeTextDdl), which prints a timestamp to the second and
   * answers a text as it is, so the same SQL serves the ledger's text times and a resource's timestamps.
   */
  timeText(expr: string): string;
  /** Makes what timeText calls (at start, before any view uses it); empty on SQLite. */
  readonly timeTextDdl: string;
  /** Triggers that refuse UPDATE and DELETE on `table`: a table whose rows are history. */
  appendOnly(table: string): string;
  /**
   * Drops appendOnly's update guard of `table`, for a migration that fills a new column of rows
   * already written; the migration runs appendOnly again in the same transaction.
   */
  liftUpdateGuard(table: string): string;
  /**
   * After rows were inserted with their ids given (a bulk copy) into a table with an `id` column
   * (`quotedTable`, quoted): the statement that makes the next numbered row follow them, or
   * undefined where the engine does so by itself.
   */
  identityAfterCopy(quotedTable: string): string | undefined;
  /**
   * A column of an index that serves list order (`column` quoted): NULL sorts as the smallest value
   * in every list (list-sql.ts buildOrder), SQLite's own order, so there the column as it is; a
   * PostgreSQL index is NULLS LAST unless told, and would serve neither direction of a list.
   */
  sortedIndexColumn(column: string): string;
  /**
   * The key of a one-column list index on `column` (quoted), serving `ORDER BY column, id` in both
   * directions: on SQLite every index entry ends on the rowid, which is the id; PostgreSQL's entries
   * end on the row's place in the heap, so the id is said.
   */
  listIndexKey(column: string): string;
  /**
   * DDL written in SQLite's words (the server's tables are declared once, that way), said in this
   * engine's. An instant is declared TIMESTAMPTZ: SQLite keeps it as ISO-8601 UTC TEXT, PostgreSQL
   * as its own type (db/server-times.ts). PostgreSQL's integers are 64-bit (the times the server
   * counts with are epoch milliseconds), an
   * `INTEGER PRIMARY KEY` numbers itself, and there is no WITHOUT ROWID. A foreign key to the
   * ledger's events is dropped: they are partitioned by month there (db/partitions/growing-tables.ts),
   * and PostgreSQL takes a foreign key to a partitioned table only on a key holding the partition
   * key, which the rows naming an event do not carry; the ledger writes both in one transaction,
   * and neither is ever updated or deleted.
   */
  ddl(sql: string): string;
}

const refusal = (table: string, verb: string) => `the ledger is append-only: ${table} rows are never ${verb}`;

export const SQLITE: Dialect = {
  name: "sqlite",
  types: {
    text: "TEXT",
    integer: "INTEGER",
    real: "REAL",
    boolean: "INTEGER",
    json: "TEXT",
    timestamp: "TEXT",
    bytes: "BLOB",
  },
  idColumn: "INTEGER PRIMARY KEY AUTOINCREMENT",
  // The same text Date.prototype.toISOString makes, so stored and bound timestamps compare as text.
  now: "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
  likeIgnoringCase: "LIKE",
  isoOfMillis: (expr) => `strftime('%Y-%m-%dT%H:%M:%fZ', (${expr}) / 1000.0, 'unixepoch')`,
  forUpdate: "",
  placeholder: () => "?",
  keyedTable: " WITHOUT ROWID",
  instantText: "TEXT",
  timeText: (expr) => expr,
  timeTextDdl: "",
  ddl: (sql) => sql.replace(/\bTIMESTAMPTZ\b/g, "TEXT"),
  sortedIndexColumn: (column) => column,
  listIndexKey: (column) => column,
  appendOnly: (table) => `
CREATE TRIGGER IF NOT EXISTS ${table}_no_update BEFORE UPDATE ON ${table}
BEGIN SELECT RAISE(ABORT, '${refusal(table, "updated")}'); END;
CREATE TRIGGER IF NOT EXISTS ${table}_no_delete BEFORE DELETE ON ${table}
BEGIN SELECT RAISE(ABORT, '${refusal(table, "deleted")}'); END;`,
  liftUpdateGuard: (table) => `DROP TRIGGER IF EXISTS ${table}_no_update;`,
  // AUTOINCREMENT keeps the largest id it has seen, given or numbered.
  identityAfterCopy: () => undefined,
};

export const POSTGRES: Dialect = {
  name: "postgres",
  types: {
    text: "TEXT",
    integer: "BIGINT",
    real: "DOUBLE PRECISION",
    boolean: "BOOLEAN",
    json: "JSONB",
    timestamp: "TIMESTAMPTZ",
    bytes: "BYTEA",
  },
  idColumn: "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
  now: "now()",
  likeIgnoringCase: "ILIKE",
  isoOfMillis: (expr) =>
    `to_char(to_timestamp((${expr}) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  forUpdate: " FOR UPDATE",
  placeholder: (index) => `$${index}`,
  keyedTable: "",
  instantText: 'TEXT COLLATE "C"',
  timeText: (expr) => `time_text(${expr})`,
  // SQL functions, inlined into the statement that calls them; made only when missing, so processes
  // starting side by side do not rewrite the catalog's row under each other.
  timeTextDdl: `
DO $made$ BEGIN
  IF to_regprocedure('time_text(text)') IS NULL THEN
    CREATE FUNCTION time_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT value';
  END IF;
  IF to_regprocedure('time_text(timestamptz)') IS NULL THEN
    CREATE FUNCTION time_text(value timestamptz) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE
      AS $body$SELECT to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')$body$;
  END IF;
END $made$;`,
  sortedIndexColumn: (column) => `${column} NULLS FIRST`,
  listIndexKey: (column) => `${column} NULLS FIRST, "id"`,
  ddl: (sql) =>
    sql
      .replace(/\bINTEGER PRIMARY KEY( AUTOINCREMENT)?/g, "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
      .replace(/\bINTEGER\b/g, "BIGINT")
      .replace(/\bREAL\b/g, "DOUBLE PRECISION")
      .replace(/\bBLOB\b/g, "BYTEA")
      .replace(/\)\s*WITHOUT ROWID/g, ")")
      .replace(/\s+REFERENCES _ledger_events \(id\)/g, ""),
  appendOnly: (table) => `
CREATE OR REPLACE FUNCTION ${table}_append_only() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'UPDATE' THEN RAISE EXCEPTION '${refusal(table, "updated")}'; END IF;
  RAISE EXCEPTION '${refusal(table, "deleted")}';
END $body$;
CREATE OR REPLACE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_append_only();
CREATE OR REPLACE TRIGGER ${table}_no_delete BEFORE DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_append_only();`,
  liftUpdateGuard: (table) => `DROP TRIGGER IF EXISTS ${table}_no_update ON ${table};`,
  // An identity's sequence ignores given ids: moved past the largest, or the next insert collides.
  identityAfterCopy: (quotedTable) => {
    const name = `'${quotedTable.replace(/'/g, "''")}'`;
    return (
      `SELECT setval(pg_get_serial_sequence(${name}, 'id'), (SELECT MAX("id") FROM ${quotedTable})) ` +
      `WHERE pg_get_serial_sequence(${name}, 'id') IS NOT NULL`
    );
  },
};
