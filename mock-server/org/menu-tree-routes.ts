// spec §7 /api/org/menutree/*: the permission tree with and without buttons, a role's checked
// tree, saving a role's grants, switching a menu on or off, and the caller's selected menus.
import { authOf } from "../auth/access";
import type { AppContext } from "../context";
import { envelopeSchema } from "../envelope";
import { invalid, notFound, recordMissing } from "../refusals";
import { callRoute, type RouteTable } from "../http/route-table";
import { CALLS } from "../../schema/contract/calls";
import { writeRoles } from "../resources/entity-routes";
import { buildMenuTree, selectedList } from "./menu-tree";
import { grantsOfRole, replaceRoleGrants } from "./role-grants";
import { message } from "../../schema/contract/messages";

const BASE = "/api/org/menutree";

/** Who manages permissions: the role, menu-enable and button screens of spec §2 (权限管理). */
function permissionRoles(ctx: AppContext) {
  const present = (keys: string[]) =>
    keys.filter((menu) => ctx.menus.snapshot().menus.some((row) => row.menu_key === menu));
  const roles = ctx.org.roles;
  const read = [
    ...new Set([
      ...(roles?.resource.readRoles ?? []),
      ...(ctx.org.menuButtons?.resource.readRoles ?? []),
      ...present(["rolemanage", "setmenusenable", "buttonpower"]),
    ]),
  ];
  const save = [...new Set([...(roles ? writeRoles(roles, "edit") : []), ...present(["rolemanage_update"])])];
  const enableButtons =
    ctx.menus
      .snapshot()
      .buttonsByMenu.get("setmenusenable")
      ?.map((button) => button.menu_button_code) ?? [];
  return { read, save, enable: enableButtons.length ? enableButtons : save };
}

function assertRole(ctx: AppContext, roleId: number): void {
  if (!ctx.org.roles || !ctx.records.row(ctx.org.roles, roleId)) throw recordMissing("roles", roleId);
}

export function registerMenuTreeRoutes(ctx: AppContext, routes: RouteTable): void {
  const roles = permissionRoles(ctx);
  const tags = ["menutree"];
  const tree = envelopeSchema({ type: "array", items: { type: "object" } });
  routes.add({
    endpoint: { method: "GET", path: `${BASE}/alltreebuttons` },
    owner: "menutree.alltreebuttons",
    access: { roles: roles.read },
    response: tree,
    tags,
    summary: "The whole menu tree with each menu's buttons (listMenuButtons)",
    handler: () => buildMenuTree(ctx.menus.snapshot(), { buttons: true }),
  });
  routes.add({
    ...callRoute(CALLS.menuTree, { roles: roles.read }),
    response: tree,
    tags,
    handler: () => buildMenuTree(ctx.menus.snapshot(), { buttons: false }),
  });
  routes.add({
    ...callRoute(CALLS.roleGrantTree, { roles: roles.read }),
    response: tree,
    tags,
    handler: (_request, body) => {
      assertRole(ctx, body.role_id as number);
      return buildMenuTree(ctx.menus.snapshot(), {
        buttons: true,
        checked: grantsOfRole(ctx.store, body.role_id as number),
      });
    },
  });
  routes.add({
    ...callRoute(CALLS.saveRoleGrants, { roles: roles.save }),
    response: envelopeSchema({ type: "object" }),
    tags,
    handler: (_request, body) => {
      const roleId = body.role_id as number;
      assertRole(ctx, roleId);
      const snapshot = ctx.menus.snapshot();
      const menuKeys = body.menu_keys as string[];
      const buttonCodes = body.button_codes as string[];
      const unknownMenu = menuKeys.find((menu) => !snapshot.menus.some((row) => row.menu_key === menu));
      if (unknownMenu) throw invalid("menu_keys", message("org.unknownMenuKey", { menu: JSON.stringify(unknownMenu) }));
      const unknownButton = buttonCodes.find((code) => !snapshot.buttonMenu.has(code));
      if (unknownButton)
        throw invalid("button_codes", message("org.unknownButtonCode", { button: JSON.stringify(unknownButton) }));
      ctx.store.transaction(() => replaceRoleGrants(ctx.store, roleId, menuKeys, buttonCodes));
      return { role_id: roleId, menu_keys: [...new Set(menuKeys)], button_codes: [...new Set(buttonCodes)] };
    },
  });
  routes.add({
    ...callRoute(CALLS.enableMenu, { roles: roles.enable }),
    response: envelopeSchema({ type: "object" }),
    tags,
    handler: (_request, body) => {
      if (!ctx.menus.setEnabled(body.menu_key as string, body.enabled as boolean))
        throw notFound(message("org.noMenu", { menu: String(body.menu_key) }));
      return { menu_key: body.menu_key, enabled: body.enabled };
    },
  });
  routes.add({
    ...callRoute(CALLS.selectedMenus, { tokenQuery: true }),
    response: envelopeSchema({ type: "array", items: { type: "object" } }),
    tags,
    handler: (request) => selectedList(ctx.menus.snapshot(), authOf(request).grants),
  });
}
