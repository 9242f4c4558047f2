import { describe, expect, it } from "vitest";
import { EMPTY_INFO_MESSAGE, NO_ROLES_MESSAGE, deriveRoles, rolesFromInfo } from "./session-roles";

describe("spec §4 roles from the selected-menu call", () => {
  it("takes selected menu keys and selected button codes", () => {
    const roles = deriveRoles([
      { menu_key: "base", selected: true, listMenuButtons: [] },
      {
        menu_key: "productlist",
        selected: true,
        listMenuButtons: [
          { menu_button_code: "productlist_add", selected: true },
          { menu_button_code: "productlist_delete", selected: false },
        ],
      },
      { menu_key: "store", selected: false, listMenuButtons: null },
    ]);
    expect(roles).toEqual(["base", "productlist", "productlist_add"]);
  });
  it("reads nested children too", () => {
    expect(deriveRoles([{ menu_key: "a", selected: false, children: [{ menu_key: "b", selected: true }] }])).toEqual([
      "b",
    ]);
  });
  it("fails with the spec §5 messages", () => {
    expect(NO_ROLES_MESSAGE).toBe("getInfo: 此账号没有分配权限，请分配权限之后再进行登录!");
    expect(EMPTY_INFO_MESSAGE).toBe("验证失败，请重新登录");
    expect(() => rolesFromInfo([{ menu_key: "a", selected: false }])).toThrow(NO_ROLES_MESSAGE);
    expect(() => rolesFromInfo([])).toThrow(NO_ROLES_MESSAGE);
    expect(() => rolesFromInfo(null)).toThrow(EMPTY_INFO_MESSAGE);
    expect(() => rolesFromInfo(undefined)).toThrow(EMPTY_INFO_MESSAGE);
  });
});
