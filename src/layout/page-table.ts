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

export const allowedPages = (pages: readonly PageDef[], roles: readonly string[]): PageDef[] =>
  pages.filter((page) => canOpen(roles, page.meta.roles));

export interface PageMatch {
  readonly page: PageDef;
  readonly params: Readonly<Record<string, string | undefined>>;
}

/** The best match by react-router's ranking (static segments before :params). */
export function matchPage(pages: readonly PageDef[], pathname: string): PageMatch | undefined {
  const matches = matchRoutes(
    pages.map((page) => ({ path: page.path, page })),
    pathname,
  );
  const last = matches?.at(-1);
  return last ? { page: (last.route as { page: PageDef }).page, params: last.params } : undefined;
}
