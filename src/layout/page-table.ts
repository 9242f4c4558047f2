// The pages the layout can show: the shell's own (dashboard, profile) and every generated one.
import { matchRoutes } from "react-router-dom";
import { canOpen } from "../permission/check-permission";
import type { PageRoute, RouteMeta } from "../screen-kit/routing/route-types";
import { PATHS } from "../settings";

export type PageDef = Omit<PageRoute, "menu"> & { readonly menu?: string };

const shellMeta = (titleKey: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({
  titleKey,
  roles: [],
  affix: false,
  noCache: false,
  ...extra,
});

/** spec §2: the dashboard is the pinned, uncached first tab; /profile/index is hidden and not cached. */
export const shellPages: readonly PageDef[] = [
  {
    name: "dashboard",
    path: PATHS.dashboard,
    ancestors: [],
    meta: shellMeta("shell.route.dashboard", { affix: true, noCache: true, icon: "DashboardOutlined" }),
    load: () => import("../pages/dashboard/Dashboard"),
  },
  {
    name: "profile",
    path: PATHS.profileIndex,
    ancestors: [],
    meta: shellMeta("shell.route.profile", { noCache: true }),
    load: () => import("../pages/profile/Profile"),
  },
];

/** The key a page's component is loaded under (app/use-loaded-component): PageHost's and the prefetch's. */
export const pageKey = (page: PageDef): string => `page:${page.name}`;

export const allowedPages = (pages: readonly PageDef[], roles: readonly string[]): PageDef[] =>
  pages.filter((page) => canOpen(roles, page.meta.roles));

export interface PageMatch {
  readonly page: PageDef;
  readonly params: Readonly<Record<string, string | undefined>>;
}

/**
 * Answers already given, per page table: ranking a few hundred routes is the costly part of a match,
 * and the layout asks the same question from several places each render (breadcrumb, title, active
 * menu, kept pages). A page table is never changed in place (a new one is built when roles or the
 * generated routes change), so its answers hold as long as it lives.
 */
const MAX_ANSWERS = 500;
const answered = new WeakMap<readonly PageDef[], Map<string, PageMatch | undefined>>();

/** The best match by react-router's ranking (static segments before :params). */
export function matchPage(pages: readonly PageDef[], pathname: string): PageMatch | undefined {
  let answers = answered.get(pages);
  if (!answers) answered.set(pages, (answers = new Map<string, PageMatch | undefined>()));
  if (answers.has(pathname)) return answers.get(pathname);
  if (answers.size >= MAX_ANSWERS) answers.clear(); // many record pages visited: start again
  const matches = matchRoutes(
    pages.map((page) => ({ path: page.path, page })),
    pathname,
  );
  const last = matches?.at(-1);
  const match = last ? { page: (last.route as { page: PageDef }).page, params: last.params } : undefined;
  answers.set(pathname, match);
  return match;
}
