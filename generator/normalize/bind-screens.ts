// Binds resources to the menu entries that show them: view routes, primary menu and permission roles.
import type { ButtonModel, MenuModel, ResourceModel, ViewRoute } from "../model/model";
import type { View } from "../../schema/contract/vocabulary";
import type { YamlSource } from "../load/yaml-source";
import { unique, type ProblemSink } from "./context";
import { optionRolesIn } from "./option-roles";
import type { UnboundResource } from "./normalize-resource";

const VIEW_SUFFIX: Readonly<Record<View, string>> = {
  list: "",
  create: "/create",
  edit: "/edit/:id",
  show: "/show/:id",
};
/** Which button action opens which view (its code then also opens the view's route). */
const VIEW_OF_ACTION: Readonly<Record<string, View>> = { create: "create", edit: "edit" };

export function bindScreens(
  resources: readonly UnboundResource[],
  menus: readonly MenuModel[],
  manifest: YamlSource,
  sink: ProblemSink,
): ResourceModel[] {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const placements = new Map<string, Map<View, MenuModel>>();
  const hosts = new Map<string, MenuModel[]>();
  for (const menu of menus) {
    for (const used of menu.screen?.uses ?? [])
      if (byName.has(used)) hosts.set(used, [...(hosts.get(used) ?? []), menu]);
    const resource = menu.screen?.resource;
    if (!resource || !byName.has(resource)) continue;
    hosts.set(resource, [...(hosts.get(resource) ?? []), menu]);
    // An override, a station or a lookup hosts its resource without holding its views: those stay on their own menus.
    if (menu.screen.kind === "override" || menu.screen.kind === "station" || menu.screen.kind === "lookup") continue;
    const views = placements.get(resource) ?? new Map<View, MenuModel>();
    menu.screen.views.forEach((view, index) => {
      const other = views.get(view);
      if (other)
        sink.add(
          manifest,
          `${menu.sourcePointer}/screen/views/${index}`,
          `the ${view} view of '${resource}' is already under menu '${other.name}'`,
        );
      else views.set(view, menu);
    });
    placements.set(resource, views);
  }
  const buttonsOf = (resource: string): ButtonModel[] => (hosts.get(resource) ?? []).flatMap((menu) => menu.buttons);

  // Who refers to whom, indexed once: a scan of every resource per resource made 1,000 resources slow.
  const referrers = new Map<string, string[]>();
  for (const other of resources) {
    if (other.kind !== "entity") continue;
    for (const name of new Set(
      other.fields.flatMap((field) => {
        const ref = field.ref ?? field.link?.ref;
        return ref && !field.system ? [ref] : [];
      }),
    ))
      referrers.set(name, [...(referrers.get(name) ?? []), other.name]);
  }

  const bound = resources.map((resource) => {
    const views = placements.get(resource.name) ?? new Map<View, MenuModel>();
    const buttons = buttonsOf(resource.name);
    const readRoles = unique((hosts.get(resource.name) ?? []).map((menu) => menu.name));
    const writeRoles: Record<string, string[]> = {};
    for (const button of buttons)
      writeRoles[button.action] = unique([...(writeRoles[button.action] ?? []), button.code]);
    const viewRoutes: ViewRoute[] = (["list", "create", "edit", "show"] as const).flatMap((view) => {
      const menu = views.get(view);
      if (!menu) return [];
      const openers = buttons.filter((b) => VIEW_OF_ACTION[b.action] === view).map((b) => b.code);
      const extra = view === "show" ? readRoles : openers;
      const roles = menu.roles.length === 0 ? [] : unique([menu.name, ...extra]);
      return [{ view, menu: menu.name, path: `${menu.fullPath}${VIEW_SUFFIX[view]}`, roles }];
    });
    const referencedBy = referrers.get(resource.name) ?? [];
    return {
      ...resource,
      primaryMenu: (
        views.get("list") ??
        viewRoutes.map((v) => views.get(v.view)).find(Boolean) ??
        hosts.get(resource.name)?.[0]
      )?.name,
      views: viewRoutes,
      readRoles,
      writeRoles,
      referencedBy,
    };
  });
  const optionRolesOf = optionRolesIn(bound);
  return bound.map((resource): ResourceModel => ({ ...resource, optionRoles: optionRolesOf(resource) }));
}
