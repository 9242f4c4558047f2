// src/generated/routes.gen.ts: the menu tree and every routable page with its lazy screen.
import type { MenuModel, Model } from "../model/model";
import type { View } from "../../schema/contract/vocabulary";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";
import { literal, printString } from "./print-literal";
import { pageModule } from "./screen-files";

function menuRoute(menu: MenuModel): unknown {
  return {
    name: menu.name,
    path: menu.fullPath,
    hidden: menu.hidden,
    alwaysShow: menu.alwaysShow,
    ...(menu.redirect ? { redirect: menu.redirect } : {}),
    ...(menu.link ? { link: menu.link } : {}),
    meta: metaOf(menu),
    children: menu.children.map(menuRoute),
  };
}

function metaOf(menu: MenuModel, roles: readonly string[] = menu.roles, activeMenu = menu.activeMenu) {
  return {
    titleKey: menu.titleKey,
    ...(menu.shortTitle ? { shortTitleKey: menu.shortTitle.key } : {}),
    ...(menu.icon ? { icon: menu.icon } : {}),
    roles,
    affix: menu.affix,
    noCache: menu.noCache,
    ...(activeMenu ? { activeMenu } : {}),
  };
}

interface PageEntry {
  readonly data: Record<string, unknown>;
  readonly module: string;
}

function pagesOf(model: Model): PageEntry[] {
  const ancestorsOf = new Map<string, string[]>();
  for (const menu of model.menus)
    ancestorsOf.set(menu.name, menu.parent ? [...ancestorsOf.get(menu.parent)!, menu.name] : [menu.name]);
  const resources = new Map(model.resources.map((r) => [r.name, r]));
  const pages: PageEntry[] = [];
  for (const menu of model.menus) {
    const screen = menu.screen;
    if (!screen) continue;
    const resource = screen.resource ? resources.get(screen.resource) : undefined;
    const routes =
      screen.kind === "override" || screen.kind === "station" || screen.kind === "lookup" || !resource
        ? [{ view: "list" as View, path: menu.fullPath, roles: menu.roles, menu: menu.name }]
        : resource.views.filter((v) => v.menu === menu.name);
    const listPath = resource?.views.find((v) => v.view === "list")?.path;
    for (const route of routes) {
      const secondary = route.view !== "list";
      const activeMenu = menu.activeMenu ?? (secondary || menu.hidden ? (listPath ?? menu.fullPath) : undefined);
      pages.push({
        data: {
          name: secondary ? `${menu.name}.${route.view}` : menu.name,
          path: route.path,
          menu: menu.name,
          view: route.view,
          ancestors: ancestorsOf.get(menu.name),
          meta: metaOf(menu, route.roles, activeMenu === route.path ? undefined : activeMenu),
        },
        module: pageModule(menu, route.view),
      });
    }
  }
  return pages;
}

export function emitRoutes(model: Model): GeneratedFile[] {
  const pages = pagesOf(model)
    .map(
      ({ data, module }) => `  {\n    ...${literal(data, 4)},\n    load: () => import(${printString(module)}),\n  },`,
    )
    .join("\n");
  const content = `${banner(model.manifestFile)}
import type { MenuRoute, PageRoute } from "../screen-kit/routing/route-types";

/** The /home tree (spec §2), in manifest order. */
export const menuTree: MenuRoute = ${literal(menuRoute(model.menu))};

/** Every page a menu entry opens; each screen is its own lazily loaded chunk. */
export const pageRoutes: readonly PageRoute[] = [
${pages}
];
`;
  return [{ path: `${SRC_OUT}/routes.gen.ts`, content }];
}
