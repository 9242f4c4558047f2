// spec §2 breadcrumb: the dashboard is its root, then the groups down to the page. A create, edit
// or detail page sits under the list it belongs to (its activeMenu), which links back to it, and is
// named last by what it shows (state/view-titles), as its tab is. Pure.
import type { MenuRoute } from "../screen-kit/routing/route-types";
import { matchPage, type PageDef } from "./page-table";

export const DASHBOARD_TITLE_KEY = "shell.route.dashboard";

export interface TrailStep {
  readonly titleKey: string;
  /** Set for the list a create, edit or detail page belongs to. */
  readonly to?: string;
}

/** Whether the page is a create, edit or detail view, named by what it shows rather than by its menu. */
export const namedByView = (page: PageDef): boolean => page.view !== undefined && page.view !== "list";

/** The steps between the dashboard and the page's own name (which, for a list page, is the last step). */
export function breadcrumbTrail(
  page: PageDef,
  pages: readonly PageDef[],
  menus: ReadonlyMap<string, MenuRoute>,
): TrailStep[] {
  const list = namedByView(page) && page.meta.activeMenu ? matchPage(pages, page.meta.activeMenu)?.page : undefined;
  const above = list ?? page;
  const keys = [...above.ancestors.flatMap((name) => menus.get(name)?.meta.titleKey ?? []), above.meta.titleKey];
  const steps: TrailStep[] = keys
    .filter((key, i) => key !== keys[i - 1] && key !== DASHBOARD_TITLE_KEY)
    .map((titleKey) => ({ titleKey }));
  const last = steps.at(-1);
  if (list && last) steps[steps.length - 1] = { ...last, to: list.path };
  return steps;
}
