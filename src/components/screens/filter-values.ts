// The filter form's values → refine CrudFilters (list-query.ts turns those into the server's
// <field>=, <field>_from, <field>_to parameters).
import type { CrudFilter } from "@refinedev/core";
import { dateKindOf, rangeBounds } from "../fields/value-conversion";
import type { FieldConfig } from "./screen-config";

export type FilterField = Pick<FieldConfig, "name" | "filter" | "widget" | "format" | "type">;
export type FilterValues = Readonly<Record<string, unknown>>;

export const filterFieldsOf = <T extends FilterField>(fields: readonly T[]): T[] =>
  fields.filter((field) => field.filter);

const isBlank = (value: unknown): boolean => value === undefined || value === null || value === "";

export function rangeFilter(field: FilterField, value: unknown): CrudFilter | undefined {
  if (!Array.isArray(value)) return undefined;
  const kind = dateKindOf(field);
  const [from, to] = kind ? rangeBounds(value, kind) : [value[0], value[1]];
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
    } else if (!isBlank(value)) {
      const text = typeof value === "string" ? value.trim() : value;
      if (!isBlank(text))
        filters.push({ field: field.name, operator: field.filter === "contains" ? "contains" : "eq", value: text });
    }
  }
  return filters;
}
