// A role's grants as a checkbox tree (权限管理, spec §6): every menu with its buttons as leaves,
// from POST /api/org/menutree/allrolestree. Pure: the check state is derived from the granted
// menu keys and button codes, and a click turns into new grants; what is saved is those sets.
import type { MenuTreeNode, SaveRoleGrantsInput } from "../../api/generated/calls.gen";

type ContractButton = NonNullable<MenuTreeNode["listMenuButtons"]>[number];

/** What the grants are read from in a node of the roleGrantTree answer (the contract's MenuTreeNode). */
export interface GrantMenu extends Readonly<Pick<MenuTreeNode, "menu_key" | "checked">> {
  readonly menu_name?: MenuTreeNode["menu_name"];
  readonly listMenuButtons?: readonly GrantButton[];
  readonly children?: readonly GrantMenu[];
}

export interface GrantButton extends Readonly<Pick<ContractButton, "menu_button_code" | "checked">> {
  readonly menu_button_name?: ContractButton["menu_button_name"];
}

export interface Grants {
  readonly menus: ReadonlySet<string>;
  readonly buttons: ReadonlySet<string>;
}

/** The input of the contract's saveRoleGrants call, without role_id; keys in tree order. */
export type SavedGrants = Omit<SaveRoleGrantsInput, "role_id">;

export interface CheckState {
  readonly checked: string[];
  readonly halfChecked: string[];
}

/** Tree keys: menus and buttons live in one key space, so each kind has its prefix. */
export const menuNodeKey = (menuKey: string) => `menu:${menuKey}`;
export const buttonNodeKey = (code: string) => `button:${code}`;

const buttonsOf = (menu: GrantMenu) => menu.listMenuButtons ?? [];
const childrenOf = (menu: GrantMenu) => menu.children ?? [];

export function grantsOf(tree: readonly GrantMenu[]): Grants {
  const menus = new Set<string>();
  const buttons = new Set<string>();
  const visit = (menu: GrantMenu) => {
    if (menu.checked) menus.add(menu.menu_key);
    for (const button of buttonsOf(menu)) if (button.checked) buttons.add(button.menu_button_code);
    childrenOf(menu).forEach(visit);
  };
  tree.forEach(visit);
  return { menus, buttons };
}

type NodeState = "checked" | "half" | "none";

/**
 * A button is checked when granted. A menu without buttons or children is checked when granted.
 * Any other menu is checked when all its buttons and child menus are, and half-checked when it is
 * granted itself (a page without its buttons: read only) or when some of them are.
 */
export function checkState(tree: readonly GrantMenu[], grants: Grants): CheckState {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const visit = (menu: GrantMenu): NodeState => {
    const parts: NodeState[] = buttonsOf(menu).map((button) => {
      const on = grants.buttons.has(button.menu_button_code);
      if (on) checked.push(buttonNodeKey(button.menu_button_code));
      return on ? "checked" : "none";
    });
    parts.push(...childrenOf(menu).map(visit));
    const own = grants.menus.has(menu.menu_key);
    const state: NodeState =
      parts.length === 0
        ? own
          ? "checked"
          : "none"
        : parts.every((part) => part === "checked")
          ? "checked"
          : own || parts.some((part) => part !== "none")
            ? "half"
            : "none";
    if (state === "checked") checked.push(menuNodeKey(menu.menu_key));
    if (state === "half") halfChecked.push(menuNodeKey(menu.menu_key));
    return state;
  };
  tree.forEach(visit);
  return { checked, halfChecked };
}

interface Located {
  readonly menu?: GrantMenu;
  readonly button?: GrantButton;
  /** The menus above, the nearest last; for a button its own menu is the last. */
  readonly ancestors: readonly GrantMenu[];
}

function locate(
  tree: readonly GrantMenu[],
  nodeKey: string,
  ancestors: readonly GrantMenu[] = [],
): Located | undefined {
  for (const menu of tree) {
    if (menuNodeKey(menu.menu_key) === nodeKey) return { menu, ancestors };
    const button = buttonsOf(menu).find((candidate) => buttonNodeKey(candidate.menu_button_code) === nodeKey);
    if (button) return { button, ancestors: [...ancestors, menu] };
    const below = locate(childrenOf(menu), nodeKey, [...ancestors, menu]);
    if (below) return below;
  }
  return undefined;
}

function eachBelow(menu: GrantMenu, onMenu: (key: string) => void, onButton: (code: string) => void): void {
  onMenu(menu.menu_key);
  for (const button of buttonsOf(menu)) onButton(button.menu_button_code);
  for (const child of childrenOf(menu)) eachBelow(child, onMenu, onButton);
}

function grantsAnythingBelow(menu: GrantMenu, menus: ReadonlySet<string>, buttons: ReadonlySet<string>): boolean {
  return (
    buttonsOf(menu).some((button) => buttons.has(button.menu_button_code)) ||
    childrenOf(menu).some((child) => menus.has(child.menu_key) || grantsAnythingBelow(child, menus, buttons))
  );
}

/**
 * A click on a node. Checking grants the node with everything below it and the menus above it
 * (a granted button needs its page; the groups above follow, as checked plus half-checked keys
 * were saved in the original). Unchecking takes the node and everything below it away; a page
 * keeps its own grant when its last button goes (read only), a group above that is left with
 * nothing granted below it goes too.
 */
export function toggleGrant(tree: readonly GrantMenu[], grants: Grants, nodeKey: string, checked: boolean): Grants {
  const found = locate(tree, nodeKey);
  if (!found) return grants;
  const menus = new Set(grants.menus);
  const buttons = new Set(grants.buttons);
  const apply = checked ? "add" : "delete";
  if (found.button) buttons[apply](found.button.menu_button_code);
  if (found.menu)
    eachBelow(
      found.menu,
      (key) => menus[apply](key),
      (code) => buttons[apply](code),
    );
  if (checked) for (const ancestor of found.ancestors) menus.add(ancestor.menu_key);
  else {
    const groups = found.button ? found.ancestors.slice(0, -1) : found.ancestors;
    for (const group of [...groups].reverse())
      if (!grantsAnythingBelow(group, menus, buttons)) menus.delete(group.menu_key);
  }
  return { menus, buttons };
}

/** The savetree body: granted keys in tree order, each once. */
export function toSavedGrants(tree: readonly GrantMenu[], grants: Grants): SavedGrants {
  const menuKeys: string[] = [];
  const buttonCodes: string[] = [];
  for (const menu of tree)
    eachBelow(
      menu,
      (key) => grants.menus.has(key) && menuKeys.push(key),
      (code) => grants.buttons.has(code) && buttonCodes.push(code),
    );
  return { menu_keys: menuKeys, button_codes: buttonCodes };
}

export function sameGrants(a: Grants, b: Grants): boolean {
  const same = (x: ReadonlySet<string>, y: ReadonlySet<string>) =>
    x.size === y.size && [...x].every((key) => y.has(key));
  return same(a.menus, b.menus) && same(a.buttons, b.buttons);
}
