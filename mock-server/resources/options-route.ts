// GET <options path>?q=text&ids=1,2 → [{value, label}] (max 50): the select boxes of referring
// resources. ids come first (the current selection), then matches of q on the label field.
import type { AppContext } from "../context";
import { likeContains, quoteIdent } from "../db/sql-names";
import { envelopeSchema } from "../envelope";
import type { RouteTable } from "../http/route-table";
import type { ResourceInfo } from "./catalog";
import { optionsQuery } from "./schemas";

export const MAX_OPTIONS = 50;

export interface OptionItem {
  value: number;
  label: string;
}

/** The label field as text, or the id when the record has none: what a select box shows. */
const optionOf = (row: { id: number; label: unknown }): OptionItem => ({ value: row.id, label: String(row.label ?? row.id) });

export function findOptions(ctx: AppContext, info: ResourceInfo, q: string | undefined, ids: number[]): OptionItem[] {
  const table = quoteIdent(info.table);
  const labelName = info.byName.has(info.resource.labelField) ? info.resource.labelField : "id";
  const label = quoteIdent(labelName);
  const out = new Map<number, OptionItem>();
  if (ids.length) {
    const marks = ids.map(() => "?").join(",");
    for (const row of ctx.store.all<{ id: number; label: unknown }>(`SELECT "id" AS id, ${label} AS label FROM ${table} WHERE "id" IN (${marks}) ORDER BY "id"`, ids))
      out.set(row.id, optionOf(row));
  }
  const where = q ? `WHERE CAST(${label} AS TEXT) LIKE ? ESCAPE '\\'` : "";
  const params = q ? [likeContains(q), MAX_OPTIONS] : [MAX_OPTIONS];
  for (const row of ctx.store.all<{ id: number; label: unknown }>(`SELECT "id" AS id, ${label} AS label FROM ${table} ${where} ORDER BY ${label}, "id" LIMIT ?`, params)) {
    if (out.size >= MAX_OPTIONS) break;
    if (!out.has(row.id)) out.set(row.id, optionOf(row));
  }
  return [...out.values()];
}

export function registerOptionsRoute(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  const { resource } = info;
  if (!resource.endpoints.options) return;
  routes.add({
    endpoint: resource.endpoints.options,
    owner: `${resource.name}.options`,
    access: { roles: [...new Set([...resource.optionRoles, ...resource.readRoles])] },
    input: optionsQuery,
    response: envelopeSchema({
      type: "array",
      items: { type: "object", properties: { value: { type: "integer" }, label: { type: "string" } } },
    }),
    tags: [resource.name],
    summary: `Options (id and label) of ${resource.title}`,
    handler: (_request, query) => {
      const ids = typeof query.ids === "string" ? query.ids.split(",").map(Number) : [];
      return findOptions(ctx, info, query.q as string | undefined, ids);
    },
  });
}
