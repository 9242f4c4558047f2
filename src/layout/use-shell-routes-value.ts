// Builds the ShellRoutes for the current roles from the generated tree and pages.
import { useMemo } from "react";
import { menuTree, pageRoutes } from "../generated/routes.gen";
import type { MenuRoute } from "../screen-kit/routing/route-types";
import { PATHS } from "../settings";
import { filterMenu, indexMenu } from "./menu-index";
import { allowedPages, shellPages, type PageDef } from "./page-table";
import type { ShellRoutes } from "./shell-routes";
import { sidebarEntries } from "./sidebar-items";

const allPages: readonly PageDef[] = [...shellPages, ...pageRoutes];
const index = indexMenu(menuTree);

/** The dashboard (首页) as a menu item before the /home tree, as the original's constant route. */
const dashboardItem: MenuRoute = {
  name: "dashboard",
  path: PATHS.dashboard,
  hidden: false,
  alwaysShow: false,
  meta: shellPages[0].meta,
  children: [],
};

export function useShellRoutesValue(roles: readonly string[]): ShellRoutes {
  return useMemo(() => {
    const menu = filterMenu(menuTree, roles);
    return {
      allPages,
      pages: allowedPages(allPages, roles),
      menu,
      index,
      sidebar: sidebarEntries(menu ? [dashboardItem, menu] : [dashboardItem]),
    };
  }, [roles]);
}
