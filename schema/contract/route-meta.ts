// The menu tree as the generator emits it (src/generated/routes.gen.ts, spec §3 Route/menu item).
// The sidebar, the router, the tags view, the breadcrumb and the header search all read it.

export interface RouteMeta {
  /** i18n key of the title (menu.<name>). */
  readonly titleKey: string;
  /** i18n key of the sidebar's shorter title (menuShort.<name>), where the manifest gives one. */
  readonly shortTitleKey?: string;
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
