// A PostgreSQL database made before a kind of column got its own type (column-types.ts) holds that
// column in the type it was made with: a flag as a BIGINT of 1 and 0, rows as their JSON TEXT, a
// date-time as ISO TEXT. At start each such column is altered in place, its stored values converted,
// inside the migration's transaction (a conversion that fails leaves every table as it was, and
// names the table, the column and the value); a column already of its type is left alone, so a
// second start alters nothing. SQLite declares these kinds as it always did.
import type { ColumnKind } from "./engine/dialect";
import { dropReadingViews } from "./reading-views";
import { quoteIdent } from "./sql-names";
import type { Store } from "./store";

interface Conversion {
  /** The type as PostgreSQL's catalog names it (information_schema.columns.data_type). */
  readonly catalogName: string;
  /** The stored value (`column`, quoted) as a value of the type. */
  using(column: string): string;
}

const CONVERSIONS: Partial<Readonly<Record<ColumnKind, Conversion>>> = {
  boolean: { catalogName: "boolean", using: (column) => `(${column})::text::numeric <> 0` },
  // Text that is no JSON (json-column.ts keeps it) becomes a JSON string, which reads back as that text.
  json: { catalogName: "jsonb", using: (column) => `pg_temp.jsonb_of_text((${column})::text)` },
  // The session's zone is UTC (pg-engine.ts): a time written without an offset is a UTC time, as
  // its text compared on SQLite. Text that is no time is refused (retypeColumns names it).
  timestamp: { catalogName: "timestamp with time zone", using: (column) => `(${column})::text::timestamptz` },
};

const JSONB_OF_TEXT = `
CREATE OR REPLACE FUNCTION pg_temp.jsonb_of_text(value text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $body$
BEGIN
  RETURN value::jsonb;
EXCEPTION WHEN invalid_text_representation THEN
  RETURN to_jsonb(value);
END $body$`;

// Whether a text is a time PostgreSQL reads: tried in a block that catches the refusal.
const IS_TIME = `
CREATE OR REPLACE FUNCTION pg_temp.is_time(value text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $body$
BEGIN
  RETURN value::timestamptz IS NOT NULL;
EXCEPTION WHEN data_exception THEN
  RETURN false;
END $body$`;

/** The API's own text of a time (time/api-time.ts apiTime), known by its shape without trying it. */
const API_TIME_SHAPE = "'^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{3})?Z$'";

/** Refuses the start when `table`.`column` holds a text that is no time, naming it. */
async function refuseNonTimes(store: Store, table: string, column: string): Promise<void> {
  await store.exec(IS_TIME);
  const text = `${quoteIdent(column)}::text`;
  // A catching block costs a subtransaction a row: only texts not of the API's shape are tried.
  const found = await store.get<{ value: string }>(
    `SELECT ${text} AS value FROM ${quoteIdent(table)} WHERE ${text} !~ ${API_TIME_SHAPE} AND NOT pg_temp.is_time(${text}) LIMIT 1`,
  );
  if (found)
    throw new Error(
      `${table}.${column} holds ${JSON.stringify(found.value)}, which is no time: it cannot become a timestamp, and no table was altered. Correct or clear the value, then start again`,
    );
}

/** A column and the kind of value it is declared for now. */
export interface KindedColumn {
  readonly name: string;
  readonly kind: ColumnKind;
}

/**
 * Alters each of `columns` whose type in `table` (`stored`: column name → catalog type name) is not
 * the one its kind is declared with, all in one statement (one rewrite of the table); answers them
 * as `table.column`. Run inside a transaction, on PostgreSQL only: a value that cannot be converted
 * throws, naming the table and the value (and, for a time, the column), and the transaction leaves
 * every table as it was.
 */
export async function retypeColumns(
  store: Store,
  table: string,
  columns: readonly KindedColumn[],
  stored: ReadonlyMap<string, string>,
): Promise<string[]> {
  const altered: string[] = [];
  const clauses: string[] = [];
  for (const { name: column, kind } of columns) {
    const conversion = CONVERSIONS[kind];
    const now = stored.get(column);
    if (!conversion || now === undefined || now === conversion.catalogName) continue;
    if (kind === "json") await store.exec(JSONB_OF_TEXT);
    if (kind === "timestamp") await refuseNonTimes(store, table, column);
    const name = quoteIdent(column);
    clauses.push(`ALTER COLUMN ${name} TYPE ${store.engine.dialect.types[kind]} USING ${conversion.using(name)}`);
    altered.push(`${table}.${column}`);
  }
  if (clauses.length === 0) return altered;
  // PostgreSQL alters no column a view reads; the start makes the projection views again after the migration.
  await dropReadingViews(store, [table]);
  try {
    await store.exec(`ALTER TABLE ${quoteIdent(table)} ${clauses.join(", ")}`);
  } catch (error) {
    // PostgreSQL's refusal names the value ('invalid input syntax for type boolean: "maybe"'), not where it is.
    throw new Error(`${altered.join(", ")}: ${(error as Error).message}`, { cause: error });
  }
  return altered;
}
