// Grants of a role: the menu keys and button codes savetree stores (spec §7).
import type { Store } from "../db/store";
import type { Selection } from "./menu-tree";

export function grantsOfRole(store: Store, roleId: number): Selection {
  return {
    menus: new Set(
      store.all<{ k: string }>("SELECT menu_key AS k FROM _role_menus WHERE role_id = ?", [roleId]).map((row) => row.k),
    ),
    buttons: new Set(
      store
        .all<{ k: string }>("SELECT menu_button_code AS k FROM _role_buttons WHERE role_id = ?", [roleId])
        .map((row) => row.k),
    ),
  };
}

/** Replaces a role's grants; the caller runs it in a transaction. */
export function replaceRoleGrants(
  store: Store,
  roleId: number,
  menus: readonly string[],
  buttons: readonly string[],
): void {
  store.run("DELETE FROM _role_menus WHERE role_id = ?", [roleId]);
  store.run("DELETE FROM _role_buttons WHERE role_id = ?", [roleId]);
  for (const key of new Set(menus))
    store.run("INSERT INTO _role_menus (role_id, menu_key) VALUES (?, ?)", [roleId, key]);
  for (const code of new Set(buttons))
    store.run("INSERT INTO _role_buttons (role_id, menu_button_code) VALUES (?, ?)", [roleId, code]);
  store.bump("_role_menus");
  store.bump("_role_buttons");
}

export function dropRoleGrants(store: Store, roleId: number): void {
  replaceRoleGrants(store, roleId, [], []);
}
