// The shape of src/generated/routes.gen.ts: its pages carry a lazy React component, so PageRoute stays in the console.
import type { ComponentType } from "react";
import type { MenuRoute, RouteMeta } from "../../../schema/contract/route-meta";

// The menu tree and route meta are the contract's (schema/contract/route-meta.ts); the shell imports them from here.
export type { MenuRoute, RouteMeta };

export type ScreenLoader = () => Promise<{ default: ComponentType }>;

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
