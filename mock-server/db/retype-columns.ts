// A PostgreSQL database made before a kind of column got its own type (column-types.ts) holds that
// column in the type it was made with: a flag as a BIGINT of 1 and 0, rows as their JSON TEXT. At
// start each such column is altered in place, its stored values converted, inside the migration's
// transaction (a conversion that fails leaves every table as it was); a column already of its type
// is left alone, so a second start alters nothing. SQLite declares these kinds as it always did.
import type { ContractColumn } from "../../schema/contract/server-contract";
import { columnKind } from "./column-types";
import type { ColumnKind } from "./engine/dialect";
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
};

const JSONB_OF_TEXT = `
CREATE OR REPLACE FUNCTION pg_temp.jsonb_of_text(value text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $body$
BEGIN
  RETURN value::jsonb;
EXCEPTION WHEN invalid_text_representation THEN
  RETURN to_jsonb(value);
END $body$`;

/**
 * Alters each of `columns` whose type in `table` (`stored`: column name → catalog type name) is not
 * the one it is declared with; answers them as `table.column`. Run inside a transaction, on
 * PostgreSQL only.
 */
export async function retypeColumns(
  store: Store,
  table: string,
  columns: readonly ContractColumn[],
  stored: ReadonlyMap<string, string>,
): Promise<string[]> {
  const altered: string[] = [];
  for (const column of columns) {
    const kind = columnKind(column);
    const conversion = CONVERSIONS[kind];
    const now = stored.get(column.name);
    if (!conversion || now === undefined || now === conversion.catalogName) continue;
    if (kind === "json") await store.exec(JSONB_OF_TEXT);
    const name = quoteIdent(column.name);
    await store.exec(
      `ALTER TABLE ${quoteIdent(table)} ALTER COLUMN ${name} TYPE ${store.engine.dialect.types[kind]} USING ${conversion.using(name)}`,
    );
    altered.push(`${table}.${column.name}`);
  }
  return altered;
}
