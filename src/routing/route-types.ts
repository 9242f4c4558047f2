// The shape of src/generated/routes.gen.ts: the /home tree as the generator emits it.
// The sidebar, the router, the tags view, the breadcrumb and the header search all read it.
import type { ComponentType } from "react";

export type ScreenLoader = () => Promise<{ default: ComponentType }>;

export interface RouteMeta {
  /** i18n key of the title (menu.<name>). */
  readonly titleKey: string;
  readonly icon?: string;
  /** Role keys; an empty array means open to every signed-in user (spec §6: routes without roles are open). */
  readonly roles: readonly string[];
  readonly affix: boolean;
  readonly noCache: boolean;
  readonly activeMenu?: string;
}

/** A node of the menu tree (spec §3 Route/menu item). */
export interface MenuRoute {
  readonly name: string;
  readonly path: string;
  readonly hidden: boolean;
  readonly alwaysShow: boolean;
  readonly redirect?: string;
  /** External link: opens in a new browser tab. */
  readonly link?: string;
  readonly meta: RouteMeta;
  readonly children: readonly MenuRoute[];
}

/** A routable page: a menu leaf's list view, or one of its other views (create, edit/:id, show/:id). */
export interface PageRoute {
  /** Unique: the menu name, or `<menu>.<view>` for secondary views. */
  readonly name: string;
  /** Router path, with `:id` where a record is meant. */
  readonly path: string;
  /** The menu node that hosts it. */
  readonly menu: string;
  readonly view?: "list" | "create" | "edit" | "show";
  /** Menu names from the root down to the hosting menu (breadcrumb). */
  readonly ancestors: readonly string[];
  readonly meta: RouteMeta;
  readonly load: ScreenLoader;
}
