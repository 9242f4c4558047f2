// Lookups over the generated /home tree: a node by name or path, and what the user may see.
import type { MenuRoute } from "../screen-kit/routing/route-types";
import { canOpen } from "../permission/check-permission";

export interface MenuIndex {
  readonly byName: ReadonlyMap<string, MenuRoute>;
  readonly byPath: ReadonlyMap<string, MenuRoute>;
}

export function indexMenu(root: MenuRoute): MenuIndex {
  const byName = new Map<string, MenuRoute>();
  const byPath = new Map<string, MenuRoute>();
  const visit = (node: MenuRoute) => {
    byName.set(node.name, node);
    if (!byPath.has(node.path)) byPath.set(node.path, node);
    node.children.forEach(visit);
  };
  visit(root);
  return { byName, byPath };
}

/** spec §6 filterAsyncRoutes: nodes the roles may open, with their permitted children. */
/** A group stays while one of its children does (an open child keeps its groups); a leaf needs its roles. */
export function filterMenu(node: MenuRoute, roles: readonly string[]): MenuRoute | undefined {
  if (node.children.length === 0) return canOpen(roles, node.meta.roles) ? node : undefined;
  const children = node.children.flatMap((child) => filterMenu(child, roles) ?? []);
  return children.length > 0 ? { ...node, children } : undefined;
}
