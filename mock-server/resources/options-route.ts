// GET <options path>?q=text&ids=1,2&<column>=value → [{value, label}] (max 50): the select boxes of
// referring resources. ids come first (the current selection), then matches of q on the label field.
// A <column>=value parameter narrows both to rows with that value; only the columns some
// referring field is narrowed by (manifest x-ref-where) are accepted, anything else is a 400. A
// requested id outside the narrowing is left out too: the answer never offers what a write would
// refuse, and a form can tell from it that its current choice no longer fits.
import type { ContractColumn } from "../../schema/contract/server-contract";
import type { AppContext } from "../context";
import { cellText } from "../db/cell-text";
import { likeContains, quoteIdent } from "../db/sql-names";
import { envelopeSchema } from "../envelope";
import type { RouteTable } from "../http/route-table";
import { COERCE_KEYWORD } from "../http/validator-compilers";
import type { ResourceInfo } from "./catalog";
import { optionsQuery } from "./schemas";

export const MAX_OPTIONS = 50;

export interface OptionItem {
  value: number;
  label: string;
}

/** One narrowing condition: the column must equal the value. */
export interface OptionsWhere {
  readonly column: ContractColumn;
  readonly value: string | number | boolean;
}

/** The label field as text, or the id when the record has none: what a select box shows. */
const optionOf = (row: { id: number; label: unknown }): OptionItem => ({
  value: row.id,
  label: cellText(row.label ?? row.id),
});

export async function findOptions(
  ctx: AppContext,
  info: ResourceInfo,
  q: string | undefined,
  ids: number[],
  where: readonly OptionsWhere[] = [],
): Promise<OptionItem[]> {
  const table = quoteIdent(info.table);
  const labelName = info.byName.has(info.resource.labelField) ? info.resource.labelField : "id";
  const label = quoteIdent(labelName);
  const narrowing = where.map(({ column }) => `${quoteIdent(column.name)} = ?`);
  const narrowingValues = where.map(({ value }) => (typeof value === "boolean" ? (value ? 1 : 0) : value));
  const out = new Map<number, OptionItem>();
  if (ids.length) {
    const marks = ids.map(() => "?").join(",");
    const conditions = [`"id" IN (${marks})`, ...narrowing].join(" AND ");
    for (const row of await ctx.store.all<{ id: number; label: unknown }>(
      `SELECT "id" AS id, ${label} AS label FROM ${table} WHERE ${conditions} ORDER BY "id"`,
      [...ids, ...narrowingValues],
    ))
      out.set(row.id, optionOf(row));
  }
  const conditions = [...(q ? [`CAST(${label} AS TEXT) LIKE ? ESCAPE '\\'`] : []), ...narrowing];
  const whereSql = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const params = [...(q ? [likeContains(q)] : []), ...narrowingValues, MAX_OPTIONS];
  for (const row of await ctx.store.all<{ id: number; label: unknown }>(
    `SELECT "id" AS id, ${label} AS label FROM ${table} ${whereSql} ORDER BY ${label}, "id" LIMIT ?`,
    params,
  )) {
    if (out.size >= MAX_OPTIONS) break;
    if (!out.has(row.id)) out.set(row.id, optionOf(row));
  }
  return [...out.values()];
}

/** The options call's parameters: q and ids, plus one per column a referring field is narrowed by. */
export function optionsQuerySchema(info: ResourceInfo): Record<string, unknown> {
  if (info.whereTargets.length === 0) return optionsQuery;
  const properties: Record<string, unknown> = { ...optionsQuery.properties };
  for (const column of info.whereTargets) {
    const schema: Record<string, unknown> = { type: column.type };
    if (column.type === "string") Object.assign(schema, { minLength: 1, maxLength: column.maxLength ?? 200 });
    if (column.enumValues) schema.enum = column.enumValues;
    if (column.ref) schema.minimum = 1;
    properties[column.name] = schema;
  }
  // Options sent by POST carry text from the same filters as a query string.
  const coerce = info.resource.endpoints.options?.method !== "GET" ? { [COERCE_KEYWORD]: true } : {};
  return { ...optionsQuery, properties, ...coerce };
}

export function registerOptionsRoute(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  const { resource } = info;
  if (!resource.endpoints.options) return;
  routes.add({
    endpoint: resource.endpoints.options,
    owner: `${resource.name}.options`,
    access: { roles: [...new Set([...resource.optionRoles, ...resource.readRoles])] },
    input: optionsQuerySchema(info),
    response: envelopeSchema({
      type: "array",
      items: { type: "object", properties: { value: { type: "integer" }, label: { type: "string" } } },
    }),
    tags: [resource.name],
    summary: `Options (id and label) of ${resource.title}`,
    handler: async (_request, query) => {
      const ids = typeof query.ids === "string" ? query.ids.split(",").map(Number) : [];
      const where = info.whereTargets.flatMap((column): OptionsWhere[] => {
        const value = query[column.name];
        return value === undefined ? [] : [{ column, value: value as OptionsWhere["value"] }];
      });
      return await findOptions(ctx, info, query.q as string | undefined, ids, where);
    },
  });
}
