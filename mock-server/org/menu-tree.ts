// The menu-and-button tree in the shapes the spec §7 calls answer. Pure: built from a
// snapshot and, for one role or account, the selected keys.
import type { Grants } from "../auth/check-permission";
import type { MenuSnapshot } from "./menu-store";

export interface MenuNode {
  menu_key: string;
  menu_name: string;
  path: string;
  hidden: boolean;
  open: boolean;
  enabled: boolean;
  checked?: boolean;
  listMenuButtons?: { menu_button_code: string; menu_button_name: string; checked?: boolean }[];
  children: MenuNode[];
}

export interface Selection {
  readonly menus: ReadonlySet<string>;
  readonly buttons: ReadonlySet<string>;
}

export function buildMenuTree(snapshot: MenuSnapshot, options: { buttons: boolean; checked?: Selection }): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  const roots: MenuNode[] = [];
  const { checked } = options;
  for (const menu of snapshot.menus) {
    const node: MenuNode = {
      menu_key: menu.menu_key,
      menu_name: menu.menu_name,
      path: menu.path,
      hidden: menu.hidden === 1,
      open: menu.open === 1,
      enabled: menu.enabled === 1,
      children: [],
    };
    if (checked) node.checked = checked.menus.has(menu.menu_key);
    if (options.buttons || checked)
      node.listMenuButtons = (snapshot.buttonsByMenu.get(menu.menu_key) ?? []).map((button) => ({
        menu_button_code: button.menu_button_code,
        menu_button_name: button.menu_button_name,
        ...(checked ? { checked: checked.buttons.has(button.menu_button_code) } : {}),
      }));
    nodes.set(menu.menu_key, node);
    const parent = menu.parent_key === null ? undefined : nodes.get(menu.parent_key);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export interface SelectedMenu {
  menu_key: string;
  selected: boolean;
  listMenuButtons: { menu_button_code: string; selected: boolean }[];
}

/** spec §3: one item per menu, flat, manifest order. Admin: everything enabled, plus "admin". */
export function selectedList(snapshot: MenuSnapshot, grants: Grants): SelectedMenu[] {
  const items = snapshot.menus.map((menu) => {
    const enabled = snapshot.enabled.has(menu.menu_key);
    return {
      menu_key: menu.menu_key,
      selected: enabled && (grants.admin || grants.menus.has(menu.menu_key)),
      listMenuButtons: (snapshot.buttonsByMenu.get(menu.menu_key) ?? []).map((button) => ({
        menu_button_code: button.menu_button_code,
        selected: enabled && (grants.admin || grants.buttons.has(button.menu_button_code)),
      })),
    };
  });
  // spec §6: the client derives the role "admin" from this item.
  if (grants.admin) items.push({ menu_key: "admin", selected: true, listMenuButtons: [] });
  return items;
}
