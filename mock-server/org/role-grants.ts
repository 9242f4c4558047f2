// Grants of a role: the menu keys and button codes savetree stores (spec §7).
import type { Store } from "../db/store";
import type { Selection } from "./menu-tree";

export async function grantsOfRole(store: Store, roleId: number): Promise<Selection> {
  return {
    menus: new Set(
      (await store.all<{ k: string }>("SELECT menu_key AS k FROM _role_menus WHERE role_id = ?", [roleId])).map(
        (row) => row.k,
      ),
    ),
    buttons: new Set(
      (
        await store.all<{ k: string }>("SELECT menu_button_code AS k FROM _role_buttons WHERE role_id = ?", [roleId])
      ).map((row) => row.k),
    ),
  };
}

/** Replaces a role's grants; the caller runs it in a transaction. */
export async function replaceRoleGrants(
  store: Store,
  roleId: number,
  menus: readonly string[],
  buttons: readonly string[],
): Promise<void> {
  await store.run("DELETE FROM _role_menus WHERE role_id = ?", [roleId]);
  await store.run("DELETE FROM _role_buttons WHERE role_id = ?", [roleId]);
  for (const key of new Set(menus))
    await store.run("INSERT INTO _role_menus (role_id, menu_key) VALUES (?, ?)", [roleId, key]);
  for (const code of new Set(buttons))
    await store.run("INSERT INTO _role_buttons (role_id, menu_button_code) VALUES (?, ?)", [roleId, code]);
  store.bump("_role_menus");
  store.bump("_role_buttons");
}

export async function dropRoleGrants(store: Store, roleId: number): Promise<void> {
  await replaceRoleGrants(store, roleId, [], []);
}
