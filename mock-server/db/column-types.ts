// The type each engine declares a resource's column with. SQLite keeps any value in any column, and
// the contract's sqlType (in SQLite's words) is what it declares; PostgreSQL checks what a column
// holds, so a flag is declared a boolean there and a field of rows JSONB. Every kind is read back
// the same on both engines (engine.ts: a boolean as 1 and 0, JSON as its text), so the API's values
// do not depend on the declared type.
import type { ContractColumn } from "../../schema/contract/server-contract";
import type { ColumnKind, Dialect } from "./engine/dialect";

const KIND_OF_SQL_TYPE: Readonly<Record<ContractColumn["sqlType"], ColumnKind>> = {
  INTEGER: "integer",
  REAL: "real",
  TEXT: "text",
};

/** The kind of value a resource's column stores. */
export function columnKind(column: ContractColumn): ColumnKind {
  if (column.json) return "json";
  if (column.type === "boolean") return "boolean";
  return KIND_OF_SQL_TYPE[column.sqlType];
}

/** The type `dialect`'s engine declares `column` with. */
export const declaredType = (dialect: Dialect, column: ContractColumn): string => dialect.types[columnKind(column)];
