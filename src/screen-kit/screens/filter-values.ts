// The filter form's values → refine CrudFilters (list-query.ts turns those into the server's
// <field>=, <field>_from, <field>_to parameters).
import type { CrudFilter } from "@refinedev/core";
import { dateKindOf, rangeBounds, toDayjs } from "../fields/value-conversion";
import type { FieldConfig } from "../../../schema/contract/screen-config";

export type FilterField = Pick<FieldConfig, "name" | "filter" | "widget" | "format" | "type">;
export type FilterValues = Readonly<Record<string, unknown>>;

export const filterFieldsOf = <T extends FilterField>(fields: readonly T[]): T[] =>
  fields.filter((field) => field.filter);

const isBlank = (value: unknown): boolean => value === undefined || value === null || value === "";

export function rangeFilter(field: FilterField, value: unknown): CrudFilter | undefined {
  if (!Array.isArray(value)) return undefined;
  const range: readonly unknown[] = value;
  const kind = dateKindOf(field);
  const [from, to] = kind ? rangeBounds(range) : [range[0], range[1]];
  if (isBlank(from) && isBlank(to)) return undefined;
  return {
    field: field.name,
    operator: "between",
    value: [isBlank(from) ? undefined : from, isBlank(to) ? undefined : to],
  };
}

export function toCrudFilters(fields: readonly FilterField[], values: FilterValues | undefined): CrudFilter[] {
  const filters: CrudFilter[] = [];
  for (const field of filterFieldsOf(fields)) {
    const value = values?.[field.name];
    if (field.filter === "range") {
      const filter = rangeFilter(field, value);
      if (filter) filters.push(filter);
    } else if (field.filter === "any") {
      if (Array.isArray(value) && value.length > 0) filters.push({ field: field.name, operator: "in", value });
    } else if (!isBlank(value)) {
      const text = typeof value === "string" ? value.trim() : value;
      if (!isBlank(text))
        filters.push({ field: field.name, operator: field.filter === "contains" ? "contains" : "eq", value: text });
    }
  }
  return filters;
}

const numeric = (value: unknown): unknown =>
  typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : value;

/**
 * A filter value as its control holds it. Filters restored from the URL (a reload, a shared link)
 * arrive as text: a reference select would show the id "3" instead of the department's name, a
 * date range picker cannot hold strings, a yes/no select would match nothing.
 */
export function restoredFilterValue(field: FilterField, value: unknown): unknown {
  if (isBlank(value)) return value;
  if (field.filter === "range") {
    if (!Array.isArray(value)) return value;
    const kind = dateKindOf(field);
    return value.map((bound) => (isBlank(bound) ? undefined : kind ? toDayjs(bound) : numeric(bound)));
  }
  if (field.filter === "any") {
    // The address holds the chosen values comma-separated (list-query.ts), or as a list.
    const values: unknown[] = Array.isArray(value) ? value : String(value).split(",");
    return values.map((one) => (field.type === "integer" ? numeric(one) : String(one)));
  }
  if (field.filter !== "eq") return value;
  if (field.type === "integer" || field.type === "number") return numeric(value);
  if (field.type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}
