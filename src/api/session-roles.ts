// spec §4: roles are the selected menu keys plus the selected button codes of the selected-menu call.

export interface SelectedMenuButton {
  readonly menu_button_code: string;
  readonly selected: boolean;
}

export interface SelectedMenu {
  readonly menu_key: string;
  readonly selected: boolean;
  readonly listMenuButtons?: readonly SelectedMenuButton[] | null;
  /** Tolerated if the server ever nests its answer. */
  readonly children?: readonly SelectedMenu[] | null;
}

/** spec §5 exact texts. */
export const NO_ROLES_MESSAGE = "getInfo: 此账号没有分配权限，请分配权限之后再进行登录!";
export const EMPTY_INFO_MESSAGE = "验证失败，请重新登录";

export function deriveRoles(menus: readonly SelectedMenu[]): string[] {
  const roles = new Set<string>();
  const visit = (items: readonly SelectedMenu[]) => {
    for (const menu of items) {
      if (menu.selected) roles.add(menu.menu_key);
      for (const button of menu.listMenuButtons ?? []) if (button.selected) roles.add(button.menu_button_code);
      if (menu.children) visit(menu.children);
    }
  };
  visit(menus);
  return [...roles];
}

/** The roles, or an Error carrying the spec's message for an empty answer or no roles at all. */
export function rolesFromInfo(info: unknown): string[] {
  if (info === null || info === undefined || !Array.isArray(info)) throw new Error(EMPTY_INFO_MESSAGE);
  const roles = deriveRoles(info as SelectedMenu[]);
  if (roles.length === 0) throw new Error(NO_ROLES_MESSAGE);
  return roles;
}
