// Where each page's generated component lives and which hand-written screen it renders.
import type { MenuModel } from "../model/model";
import type { View } from "../../schema/contract/vocabulary";

const SCREEN_OF: Readonly<Record<string, Readonly<Partial<Record<View, string>>>>> = {
  crud: { list: "ListScreen", create: "CreateScreen", edit: "EditScreen", show: "ShowScreen" },
  query: { list: "QueryScreen", show: "ShowScreen" },
  tree: { list: "TreeScreen" },
  report: { list: "ReportScreen" },
  form: { list: "FormScreen" },
  station: { list: "StationScreen" },
  lookup: { list: "LookupScreen" },
};

export function screenComponentOf(menu: MenuModel, view: View): string {
  return SCREEN_OF[menu.screen!.kind][view]!;
}

export function pageComponentName(menu: MenuModel, view: View): string {
  const base = menu.name[0].toUpperCase() + menu.name.slice(1);
  return `${base}${view[0].toUpperCase()}${view.slice(1)}Page`;
}

/** Path of the page module relative to src/generated/, without extension. */
export function pageModule(menu: MenuModel, view: View): string {
  if (menu.screen!.kind === "override") return `../overrides/${menu.screen!.component}`;
  return `./screens/${menu.name}/${view[0].toUpperCase()}${view.slice(1)}Page.gen`;
}

export function configName(resource: string): string {
  return `${resource.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Config`;
}
