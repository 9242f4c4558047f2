// GET <tree path> → the resource as nested nodes, children under the resource's childrenKey
// (spec §3: departments use listSubWareHouses).
import type { AppContext } from "../context";
import { envelopeSchema } from "../envelope";
import type { RouteTable } from "../http/route-table";
import type { ResourceInfo } from "./catalog";
import type { Row } from "./row-codec";

export function nestRows(rows: readonly Row[], parentField: string, childrenKey: string): Row[] {
  const nodes = new Map<unknown, Row>();
  for (const row of rows) nodes.set(row.id, { ...row, [childrenKey]: [] });
  const roots: Row[] = [];
  for (const node of nodes.values()) {
    const parent = node[parentField] === null ? undefined : nodes.get(node[parentField]);
    if (parent && parent !== node) (parent[childrenKey] as Row[]).push(node);
    else roots.push(node);
  }
  return roots;
}

export function registerTreeRoute(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  const { resource } = info;
  if (!resource.endpoints.tree || !resource.tree) return;
  const { parentField, childrenKey } = resource.tree;
  routes.add({
    endpoint: resource.endpoints.tree,
    owner: `${resource.name}.tree`,
    access: { roles: resource.readRoles },
    response: envelopeSchema({
      type: "array",
      items: { type: "object", description: `Nodes with children in ${childrenKey}` },
    }),
    tags: [resource.name],
    summary: `${resource.title} as a tree`,
    handler: async () => nestRows(await ctx.lists.all(info), parentField, childrenKey),
  });
}
