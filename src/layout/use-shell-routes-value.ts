// Builds the ShellRoutes for the current roles from the generated tree and pages.
import { useMemo } from "react";
import type { MenuRoute } from "../screen-kit/routing/route-types";
import { PATHS } from "../settings";
import { useStore } from "../state/create-store";
import { generatedShell } from "../state/generated-shell";
import { filterMenu, indexMenu } from "./menu-index";
import { allowedPages, shellPages, type PageDef } from "./page-table";
import type { ShellRoutes } from "./shell-routes";
import { sidebarEntries } from "./sidebar-items";

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
  const menuTree = useStore(generatedShell, (shell) => shell.menuTree);
  const pageRoutes = useStore(generatedShell, (shell) => shell.pageRoutes);
  const allPages = useMemo<readonly PageDef[]>(() => [...shellPages, ...pageRoutes], [pageRoutes]);
  const index = useMemo(() => indexMenu(menuTree), [menuTree]);
  return useMemo(() => {
    const menu = filterMenu(menuTree, roles);
    return {
      allPages,
      pages: allowedPages(allPages, roles),
      menu,
      index,
      sidebar: sidebarEntries(menu ? [dashboardItem, menu] : [dashboardItem]),
    };
  }, [menuTree, allPages, index, roles]);
}
