// src/generated/resources.gen.ts: one refine resource per menu node, nested by meta.parent.
import type { MenuModel, Model, ResourceModel } from "../model/model";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";
import { literal } from "./print-literal";

function refineResource(menu: MenuModel, resources: ReadonlyMap<string, ResourceModel>): unknown {
  const data = menu.screen?.resource ? resources.get(menu.screen.resource) : undefined;
  const primary = data && data.primaryMenu === menu.name;
  const route = (view: string) => data?.views.find((v) => v.view === view)?.path;
  return {
    name: menu.name,
    ...(primary
      ? Object.fromEntries(
          (["list", "create", "edit", "show"] as const).flatMap((view) => (route(view) ? [[view, route(view)]] : [])),
        )
      : menu.screen && !data
        ? { list: menu.fullPath }
        : {}),
    meta: {
      ...(menu.parent ? { parent: menu.parent } : {}),
      labelKey: menu.titleKey,
      ...(menu.icon ? { iconName: menu.icon } : {}),
      roles: menu.roles,
      hide: menu.hidden,
      noCache: menu.noCache,
      ...(data
        ? {
            dataResource: data.name,
            // names the records in refine's own messages ("已新增 仓库"), the title the screen shows
            titleKey: data.titleKey,
            endpoints: data.endpoints,
            paged: data.paged,
            singleton: data.singleton,
            canDelete: Boolean(data.endpoints.delete),
          }
        : {}),
    },
  };
}

export function emitResources(model: Model): GeneratedFile[] {
  const resources = new Map(model.resources.map((r) => [r.name, r]));
  const content = `${banner(model.manifestFile)}
import type { ResourceProps } from "@refinedev/core";

/**
 * Refine resources, one per menu node (name = route name = role key). The menu node that hosts a
 * resource's list view carries its list/create/edit/show routes; meta.endpoints reaches the data provider;
 * meta.titleKey is the title of its records (refine's notifications name them by it, src/providers/i18n-provider.ts).
 */
export const refineResources: ResourceProps[] = ${literal(model.menus.map((menu) => refineResource(menu, resources)))};
`;
  return [{ path: `${SRC_OUT}/resources.gen.ts`, content }];
}
