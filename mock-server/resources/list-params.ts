// The list query protocol: page, size, sort and one parameter per declared filter
// (contains: <field>; eq: <field>; range: <field>_from/<field>_to; any: <field>=<value>,<value>…,
// records of a multi-value field holding any of them). Anything else is refused.
import type { ContractColumn } from "../../schema/contract/server-contract";
import { COERCE_KEYWORD } from "../http/validator-compilers";
import { invalid } from "../refusals";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../schema/contract/page-limits";
import { NO_CONTROL_PATTERN } from "../http/control-characters";
import { message } from "../../schema/contract/messages";

/** The last page whose offset, (page − 1) × size, stays an exact integer SQLite can bind. */
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PAGE_SIZE);

export type FilterOp = "contains" | "eq" | "from" | "to" | "any";
/** Most values an any-of filter takes. */
const MAX_ANY_VALUES = 50;
export interface Filter {
  readonly column: ContractColumn;
  readonly op: FilterOp;
  readonly value: string | number | boolean;
}
export interface SortKey {
  readonly field: string;
  readonly desc: boolean;
}
export interface ListQuery {
  readonly page: number;
  readonly size: number;
  readonly sort: readonly SortKey[];
  readonly filters: readonly Filter[];
}

const DATE_OR_DATE_TIME = "^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?)?$";

/** An any-of filter's comma-separated values: ids, or codes of the column's pattern (else letters and digits). */
function anySchema(column: ContractColumn): Record<string, unknown> {
  const one = column.type === "integer" ? "[1-9]\\d{0,15}" : "[0-9A-Za-z_.-]{1,64}";
  return {
    type: "string",
    pattern: `^${one}(,${one}){0,${MAX_ANY_VALUES - 1}}$`,
    description: `Comma-separated values; records holding any of them (at most ${MAX_ANY_VALUES})`,
  };
}

/** The values of an any-of filter, as the join table stores them. */
export const anyValues = (filter: Filter): (string | number)[] =>
  String(filter.value)
    .split(",")
    .map((part) => (filter.column.type === "integer" ? Number(part) : part));

function valueSchema(column: ContractColumn, op: FilterOp): Record<string, unknown> {
  if (op === "any") return anySchema(column);
  if (op === "contains") return { type: "string", maxLength: 100, pattern: NO_CONTROL_PATTERN };
  if (column.type === "string" && (column.format === "date" || column.format === "date-time") && op !== "eq")
    return { type: "string", pattern: DATE_OR_DATE_TIME };
  const schema: Record<string, unknown> = { type: column.type };
  if (column.type === "string")
    Object.assign(schema, { maxLength: column.maxLength ?? 200, pattern: NO_CONTROL_PATTERN });
  if (column.enumValues && op === "eq") schema.enum = column.enumValues;
  return schema;
}

/** Query parameter name → the filter it feeds. */
export function filterParams(
  columns: readonly ContractColumn[],
): Map<string, { column: ContractColumn; op: FilterOp }> {
  const params = new Map<string, { column: ContractColumn; op: FilterOp }>();
  for (const column of columns) {
    if (column.filter === "contains" || column.filter === "eq" || column.filter === "any")
      params.set(column.name, { column, op: column.filter });
    if (column.filter === "range") {
      params.set(`${column.name}_from`, { column, op: "from" });
      params.set(`${column.name}_to`, { column, op: "to" });
    }
  }
  return params;
}

/** The schema of a list call's query string (GET) or body (POST, with coercion). */
export function listQuerySchema(
  params: Map<string, { column: ContractColumn; op: FilterOp }>,
  asBody: boolean,
  extra: Record<string, Record<string, unknown>> = {},
): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    page: { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 },
    size: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
    sort: { type: "string", maxLength: 200, description: "Comma-separated fields, '-' for descending" },
    ...extra,
  };
  for (const [name, { column, op }] of params) properties[name] = valueSchema(column, op);
  const schema: Record<string, unknown> = { type: "object", additionalProperties: false, properties };
  if (asBody) schema[COERCE_KEYWORD] = true;
  return schema;
}

/** Each field sorts at most once, so a sort has at most as many keys as there are sortable columns. */
export function parseSort(text: string | undefined, allowed: ReadonlySet<string>, fallback: SortKey): SortKey[] {
  if (text === undefined || text.trim() === "") return [fallback];
  const seen = new Set<string>();
  return text.split(",").map((part) => {
    const trimmed = part.trim();
    const desc = trimmed.startsWith("-");
    const field = desc ? trimmed.slice(1) : trimmed;
    const name = JSON.stringify(field);
    if (!allowed.has(field)) throw invalid("sort", message("common.rule.notSortable", { name }));
    if (seen.has(field)) throw invalid("sort", message("common.rule.sortedTwice", { name }));
    seen.add(field);
    return { field, desc };
  });
}

export function parseListQuery(
  raw: Record<string, unknown> | undefined,
  params: Map<string, { column: ContractColumn; op: FilterOp }>,
  sortable: ReadonlySet<string>,
  defaultSort: SortKey,
): ListQuery {
  const input = raw ?? {};
  const filters: Filter[] = [];
  for (const [name, value] of Object.entries(input)) {
    const param = params.get(name);
    if (!param || value === undefined || value === "") continue;
    filters.push({ column: param.column, op: param.op, value: value as Filter["value"] });
  }
  return {
    page: typeof input.page === "number" ? input.page : 1,
    size: typeof input.size === "number" ? input.size : DEFAULT_PAGE_SIZE,
    sort: parseSort(typeof input.sort === "string" ? input.sort : undefined, sortable, defaultSort),
    filters,
  };
}
