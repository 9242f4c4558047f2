// spec §2 activeMenu: the sidebar item lit while a page is open (its own, or the one it names).
import { useLocation } from "react-router-dom";
import { matchPage } from "./page-table";
import { useShellRoutes } from "./shell-routes";

export function useActiveMenu(): string {
  const { pathname } = useLocation();
  const { pages, index } = useShellRoutes();
  const page = matchPage(pages, pathname)?.page;
  if (!page) return pathname;
  if (page.meta.activeMenu) return page.meta.activeMenu;
  const host = page.menu ? index.byName.get(page.menu) : undefined;
  return host?.path ?? page.path;
}
