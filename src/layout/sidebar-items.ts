// spec §2 sidebar rules over the permitted tree: hidden items absent; an item with exactly one
// visible child shows that child unless alwaysShow; external links open in a new tab. Pure.
import type { MenuRoute } from "../screen-kit/routing/route-types";

/** What an entry reads: its title, shown whole on hover, and the shorter one the sidebar's width may ask for. */
export interface SidebarTitles {
  readonly titleKey: string;
  /** The manifest's short title for narrow places; the sidebar shows it in place of the title. */
  readonly shortTitleKey?: string;
}

export interface SidebarLeaf extends SidebarTitles {
  readonly kind: "leaf";
  /** The menu key: its full path (what activeMenu names). */
  readonly key: string;
  readonly icon?: string;
  /** Set for an external link. */
  readonly href?: string;
}

export interface SidebarGroup extends SidebarTitles {
  readonly kind: "group";
  readonly key: string;
  readonly icon?: string;
  readonly children: readonly SidebarEntry[];
}

export type SidebarEntry = SidebarLeaf | SidebarGroup;

const titlesOf = ({ meta }: MenuRoute): SidebarTitles => ({
  titleKey: meta.titleKey,
  ...(meta.shortTitleKey ? { shortTitleKey: meta.shortTitleKey } : {}),
});

const leafOf = (node: MenuRoute, icon?: string): SidebarLeaf => ({
  kind: "leaf",
  key: node.path,
  ...titlesOf(node),
  icon: node.meta.icon ?? icon,
  ...(node.link ? { href: node.link } : {}),
});

/** vue-element-admin's SidebarItem, as data. */
export function sidebarEntry(node: MenuRoute): SidebarEntry | undefined {
  if (node.hidden) return undefined;
  const showing = node.children.filter((child) => !child.hidden);
  if (node.children.length === 0) return leafOf(node);
  if (showing.length === 0) return leafOf(node); // only hidden children: the node itself is the item
  const only = showing.length === 1 ? showing[0] : undefined;
  if (only && only.children.filter((c) => !c.hidden).length === 0 && !node.alwaysShow) {
    return leafOf(only, node.meta.icon);
  }
  const children = showing.flatMap((child) => sidebarEntry(child) ?? []);
  return { kind: "group", key: node.path, ...titlesOf(node), icon: node.meta.icon, children };
}

export function sidebarEntries(nodes: readonly MenuRoute[]): SidebarEntry[] {
  return nodes.flatMap((node) => sidebarEntry(node) ?? []);
}

/** Keys of the groups above `key`, for opening the submenus of the active item. */
export function openKeysFor(entries: readonly SidebarEntry[], key: string): string[] {
  for (const entry of entries) {
    if (entry.kind === "leaf") continue;
    if (entry.children.some((child) => child.key === key)) return [entry.key];
    const below = openKeysFor(entry.children, key);
    if (below.length > 0) return [entry.key, ...below];
  }
  return [];
}
