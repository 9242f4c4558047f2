// Start-up sync of the permission tree (spec §3, §6) from contract.menuTree: new menus and
// buttons are added, removed ones dropped with their grants, enabled flags kept. The button
// resource of spec §7 (menubutton) mirrors the manifest's buttons the same way.
import type { ContractButton, ContractMenuNode } from "../../schema/contract/server-contract";
import { quoteIdent } from "../db/sql-names";
import type { Store } from "../db/store";
import type { Records } from "../resources/records";
import type { OrgResources } from "./org-resources";

export interface FlatMenu {
  readonly node: ContractMenuNode;
  readonly parent?: string;
  readonly position: number;
}

/** Every node in manifest pre-order. */
export function flattenMenus(root: ContractMenuNode): FlatMenu[] {
  const out: FlatMenu[] = [];
  const walk = (node: ContractMenuNode, parent?: string) => {
    out.push({ node, parent, position: out.length });
    for (const child of node.children) walk(child, node.menu_key);
  };
  walk(root);
  return out;
}

async function syncMenus(store: Store, flat: readonly FlatMenu[]): Promise<void> {
  const upsert = `INSERT INTO _menus (menu_key, parent_key, menu_name, path, hidden, open, position) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(menu_key) DO UPDATE SET parent_key = excluded.parent_key, menu_name = excluded.menu_name, path = excluded.path,
    hidden = excluded.hidden, open = excluded.open, position = excluded.position`;
  for (const { node, parent, position } of flat)
    await store.run(upsert, [
      node.menu_key,
      parent ?? null,
      node.menu_name,
      node.path,
      node.hidden ? 1 : 0,
      node.open ? 1 : 0,
      position,
    ]);
  const keys = new Set(flat.map(({ node }) => node.menu_key));
  for (const { menu_key } of await store.all<{ menu_key: string }>("SELECT menu_key FROM _menus")) {
    if (keys.has(menu_key)) continue;
    await store.run("DELETE FROM _menus WHERE menu_key = ?", [menu_key]);
    await store.run("DELETE FROM _role_menus WHERE menu_key = ?", [menu_key]);
  }
}

async function syncButtons(store: Store, flat: readonly FlatMenu[]): Promise<string[]> {
  const buttons: { button: ContractButton; menu: string }[] = flat.flatMap(({ node }) =>
    node.buttons.map((button) => ({ button, menu: node.menu_key })),
  );
  const upsert = `INSERT INTO _menu_buttons (menu_button_code, menu_key, menu_button_name, action, position) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT(menu_button_code) DO UPDATE SET menu_key = excluded.menu_key, menu_button_name = excluded.menu_button_name,
    action = excluded.action, position = excluded.position`;
  for (const [position, { button, menu }] of buttons.entries())
    await store.run(upsert, [button.menu_button_code, menu, button.menu_button_name, button.action, position]);
  const codes = new Set(buttons.map(({ button }) => button.menu_button_code));
  const removed: string[] = [];
  for (const { menu_button_code } of await store.all<{ menu_button_code: string }>(
    "SELECT menu_button_code FROM _menu_buttons",
  )) {
    if (codes.has(menu_button_code)) continue;
    removed.push(menu_button_code);
    await store.run("DELETE FROM _menu_buttons WHERE menu_button_code = ?", [menu_button_code]);
    await store.run("DELETE FROM _role_buttons WHERE menu_button_code = ?", [menu_button_code]);
  }
  return removed;
}

/** The menubutton resource holds the manifest's buttons plus any added through the API. */
async function mirrorButtons(
  store: Store,
  records: Records,
  org: OrgResources,
  removed: readonly string[],
): Promise<void> {
  const info = org.menuButtons;
  if (!info || !["menu_key", "menu_button_code", "menu_button_name"].every((name) => info.byName.has(name))) return;
  const table = quoteIdent(info.table);
  for (const code of removed) await store.run(`DELETE FROM ${table} WHERE "menu_button_code" = ?`, [code]);
  const present = new Set(
    (await store.all<{ code: string }>(`SELECT "menu_button_code" AS code FROM ${table}`)).map((row) => row.code),
  );
  const rows = await store.all<{
    menu_button_code: string;
    menu_key: string;
    menu_button_name: string;
    position: number;
  }>("SELECT menu_button_code, menu_key, menu_button_name, position FROM _menu_buttons ORDER BY position");
  for (const row of rows) {
    if (present.has(row.menu_button_code)) continue;
    const values: Record<string, unknown> = {
      menu_key: row.menu_key,
      menu_button_code: row.menu_button_code,
      menu_button_name: row.menu_button_name,
    };
    if (info.byName.has("sort")) values.sort = row.position;
    await records.insert(info, values);
  }
  store.bump(info.table);
}

export async function syncMenuTree(
  store: Store,
  records: Records,
  org: OrgResources,
  root: ContractMenuNode,
): Promise<void> {
  const flat = flattenMenus(root);
  await store.transaction(async () => {
    await syncMenus(store, flat);
    const removed = await syncButtons(store, flat);
    await mirrorButtons(store, records, org, removed);
  });
  for (const table of ["_menus", "_menu_buttons", "_role_menus", "_role_buttons"]) store.bump(table);
}
