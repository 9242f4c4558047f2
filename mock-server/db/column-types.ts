// The type each engine declares a resource's column with. SQLite keeps any value in any column, and
// the contract's sqlType (in SQLite's words) is what it declares; PostgreSQL checks what a column
// holds, so a flag is declared a boolean there, a field of rows JSONB and a date-time TIMESTAMPTZ.
// Every kind is read back the same on both engines (engine.ts: a boolean as 1 and 0, JSON as its
// text, a time as the API writes it), so the API's values do not depend on the declared type.
import type { ContractColumn } from "../../schema/contract/server-contract";
import type { ColumnKind, Dialect } from "./engine/dialect";
import { PARTITIONED_RESOURCES } from "./partitions/growing-tables";

const KIND_OF_SQL_TYPE: Readonly<Record<ContractColumn["sqlType"], ColumnKind>> = {
  INTEGER: "integer",
  REAL: "real",
  TEXT: "text",
};

/**
 * Whether `resource`'s date-times are timestamps: not yet on the partitioned tables, whose months
 * are keyed by their times' text (decision 0038).
 */
const timesAreTimestamps = (resource: string): boolean => !Object.hasOwn(PARTITIONED_RESOURCES, resource);

/** The kind of value `column` of the resource named `resource` stores. */
export function columnKind(column: ContractColumn, resource: string): ColumnKind {
  if (column.json) return "json";
  if (column.type === "boolean") return "boolean";
  if (column.format === "date-time" && timesAreTimestamps(resource)) return "timestamp";
  return KIND_OF_SQL_TYPE[column.sqlType];
}

/** The type `dialect`'s engine declares `column` of the resource named `resource` with. */
export const declaredType = (dialect: Dialect, column: ContractColumn, resource: string): string =>
  dialect.types[columnKind(column, resource)];
