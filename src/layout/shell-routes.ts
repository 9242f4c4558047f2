// What the signed-in user may open, computed once per set of roles and shared through context.
import { createContext, useContext } from "react";
import type { MenuRoute } from "../screen-kit/routing/route-types";
import type { MenuIndex } from "./menu-index";
import type { PageDef } from "./page-table";
import type { SidebarEntry } from "./sidebar-items";

export interface ShellRoutes {
  /** Every page, permitted or not: tells /401 from /404. */
  readonly allPages: readonly PageDef[];
  readonly pages: readonly PageDef[];
  /** The permitted /home tree, or undefined when nothing under it is permitted. */
  readonly menu: MenuRoute | undefined;
  /** The whole tree's index (titles of ancestors, activeMenu targets). */
  readonly index: MenuIndex;
  readonly sidebar: readonly SidebarEntry[];
}

export const ShellRoutesContext = createContext<ShellRoutes | null>(null);

export function useShellRoutes(): ShellRoutes {
  const routes = useContext(ShellRoutesContext);
  if (!routes) throw new Error("useShellRoutes outside the layout");
  return routes;
}
