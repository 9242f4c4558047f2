// config.routes hold router paths with :id; navigation fills the record's id in.
import type { ScreenConfig } from "../../../schema/contract/screen-config";

export type ScreenView = keyof ScreenConfig["routes"];

export function toRoutePath(route: string, id?: string | number): string {
  return id === undefined ? route : route.replace(":id", encodeURIComponent(String(id)));
}

/** The path of a view, or undefined when the screen has no such view (or it needs an id we lack). */
export function viewPath(
  config: Pick<ScreenConfig, "routes">,
  view: ScreenView,
  id?: string | number,
): string | undefined {
  const route = config.routes[view];
  if (!route) return undefined;
  if (route.includes(":id") && id === undefined) return undefined;
  return toRoutePath(route, id);
}
