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
async function permissionRoles(ctx: AppContext) {
  const { menus } = await ctx.menus.snapshot();
  const present = (keys: string[]) => keys.filter((menu) => menus.some((row) => row.menu_key === menu));
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
    (await ctx.menus.snapshot()).buttonsByMenu.get("setmenusenable")?.map((button) => button.menu_button_code) ?? [];
  return { read, save, enable: enableButtons.length ? enableButtons : save };
}

async function assertRole(ctx: AppContext, roleId: number): Promise<void> {
  if (!ctx.org.roles || !(await ctx.records.row(ctx.org.roles, roleId))) throw recordMissing("roles", roleId);
}

export async function registerMenuTreeRoutes(ctx: AppContext, routes: RouteTable): Promise<void> {
  const roles = await permissionRoles(ctx);
  const tags = ["menutree"];
  const tree = envelopeSchema({ type: "array", items: { type: "object" } });
  routes.add({
    endpoint: { method: "GET", path: `${BASE}/alltreebuttons` },
    owner: "menutree.alltreebuttons",
    access: { roles: roles.read },
    response: tree,
    tags,
    summary: "The whole menu tree with each menu's buttons (listMenuButtons)",
    handler: async () => buildMenuTree(await ctx.menus.snapshot(), { buttons: true }),
  });
  routes.add({
    ...callRoute(CALLS.menuTree, { roles: roles.read }),
    response: tree,
    tags,
    handler: async () => buildMenuTree(await ctx.menus.snapshot(), { buttons: false }),
  });
  routes.add({
    ...callRoute(CALLS.roleGrantTree, { roles: roles.read }),
    response: tree,
    tags,
    handler: async (_request, body) => {
      await assertRole(ctx, body.role_id as number);
      return buildMenuTree(await ctx.menus.snapshot(), {
        buttons: true,
        checked: await grantsOfRole(ctx.store, body.role_id as number),
      });
    },
  });
  routes.add({
    ...callRoute(CALLS.saveRoleGrants, { roles: roles.save }),
    response: envelopeSchema({ type: "object" }),
    tags,
    handler: async (_request, body) => {
      const roleId = body.role_id as number;
      const menuKeys = body.menu_keys as string[];
      const buttonCodes = body.button_codes as string[];
      // The role, menus and buttons are checked in the transaction that writes the grants: a role
      // or a button deleted by another call between the check and the write would keep grants.
      await ctx.store.transaction(async () => {
        await assertRole(ctx, roleId);
        const snapshot = await ctx.menus.snapshot();
        const unknownMenu = menuKeys.find((menu) => !snapshot.menus.some((row) => row.menu_key === menu));
        if (unknownMenu)
          throw invalid("menu_keys", message("org.unknownMenuKey", { menu: JSON.stringify(unknownMenu) }));
        const unknownButton = buttonCodes.find((code) => !snapshot.buttonMenu.has(code));
        if (unknownButton)
          throw invalid("button_codes", message("org.unknownButtonCode", { button: JSON.stringify(unknownButton) }));
        await replaceRoleGrants(ctx.store, roleId, menuKeys, buttonCodes);
      });
      return { role_id: roleId, menu_keys: [...new Set(menuKeys)], button_codes: [...new Set(buttonCodes)] };
    },
  });
  routes.add({
    ...callRoute(CALLS.enableMenu, { roles: roles.enable }),
    response: envelopeSchema({ type: "object" }),
    tags,
    handler: async (_request, body) => {
      if (!(await ctx.menus.setEnabled(body.menu_key as string, body.enabled as boolean)))
        throw notFound(message("org.noMenu", { menu: String(body.menu_key) }));
      return { menu_key: body.menu_key, enabled: body.enabled };
    },
  });
  routes.add({
    ...callRoute(CALLS.selectedMenus, { tokenQuery: true }),
    response: envelopeSchema({ type: "array", items: { type: "object" } }),
    tags,
    handler: async (request) => selectedList(await ctx.menus.snapshot(), authOf(request).grants),
  });
}
