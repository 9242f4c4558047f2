import { describe, expect, it } from "vitest";
import {
  buttonNodeKey as b,
  checkState,
  grantsOf,
  menuNodeKey as m,
  sameGrants,
  toSavedGrants,
  toggleGrant,
  type GrantMenu,
  type Grants,
} from "./grant-tree";

const buttons = (...codes: string[]) => codes.map((code) => ({ menu_button_code: code, checked: false }));

// home ─ base ─ product ─ productlist [add, delete]
//      │             └─ productsort [add]
//      └ store [add]
const tree: GrantMenu[] = [
  {
    menu_key: "home",
    children: [
      {
        menu_key: "base",
        children: [
          {
            menu_key: "product",
            children: [
              { menu_key: "productlist", listMenuButtons: buttons("productlist_add", "productlist_delete") },
              { menu_key: "productsort", listMenuButtons: buttons("productsort_add") },
            ],
          },
          { menu_key: "store", listMenuButtons: buttons("store_add") },
        ],
      },
      { menu_key: "dashboardless" },
    ],
  },
];

const grants = (menus: string[], buttonCodes: string[]): Grants => ({
  menus: new Set(menus),
  buttons: new Set(buttonCodes),
});
const none = grants([], []);

describe("check state (parents half-checked when some children are)", () => {
  it("nothing granted: nothing checked", () => {
    expect(checkState(tree, none)).toEqual({ checked: [], halfChecked: [] });
  });

  it("one button: it is checked, its page and every group above half-checked", () => {
    const state = checkState(tree, grants(["home", "base", "product", "productlist"], ["productlist_add"]));
    expect(state.checked).toEqual([b("productlist_add")]);
    expect(state.halfChecked).toEqual([m("productlist"), m("product"), m("base"), m("home")]);
  });

  it("a page without its buttons is half-checked (read only); a page without buttons is checked when granted", () => {
    expect(checkState(tree, grants(["store"], [])).halfChecked).toEqual([m("store"), m("base"), m("home")]);
    expect(checkState(tree, grants(["dashboardless"], [])).checked).toEqual([m("dashboardless")]);
  });

  it("all buttons of a page: the page is checked; all of a group: the group too", () => {
    const state = checkState(
      tree,
      grants(["product", "productlist", "productsort"], ["productlist_add", "productlist_delete", "productsort_add"]),
    );
    expect(state.checked).toEqual(expect.arrayContaining([m("productlist"), m("productsort"), m("product")]));
    expect(state.halfChecked).toEqual([m("base"), m("home")]);
  });

  it("reads the checked flags of the allrolestree answer", () => {
    const answer: GrantMenu[] = [
      { menu_key: "store", checked: true, listMenuButtons: [{ menu_button_code: "store_add", checked: true }] },
    ];
    expect(sameGrants(grantsOf(answer), grants(["store"], ["store_add"]))).toBe(true);
  });
});

describe("a click", () => {
  it("checking a button grants it, its page and the groups above", () => {
    const next = toggleGrant(tree, none, b("productlist_add"), true);
    expect(toSavedGrants(tree, next)).toEqual({
      menu_keys: ["home", "base", "product", "productlist"],
      button_codes: ["productlist_add"],
    });
  });

  it("checking a group grants everything below it", () => {
    const next = toggleGrant(tree, none, m("product"), true);
    expect(toSavedGrants(tree, next)).toEqual({
      menu_keys: ["home", "base", "product", "productlist", "productsort"],
      button_codes: ["productlist_add", "productlist_delete", "productsort_add"],
    });
    expect(checkState(tree, next).checked).toContain(m("product"));
  });

  it("unchecking the last button keeps the page (read only) and its groups", () => {
    const one = toggleGrant(tree, none, b("productlist_add"), true);
    const back = toggleGrant(tree, one, b("productlist_add"), false);
    expect(toSavedGrants(tree, back)).toEqual({
      menu_keys: ["home", "base", "product", "productlist"],
      button_codes: [],
    });
  });

  it("unchecking a page takes its buttons and the groups left empty", () => {
    const two = toggleGrant(tree, toggleGrant(tree, none, b("productlist_add"), true), b("store_add"), true);
    const withoutList = toggleGrant(tree, two, m("productlist"), false);
    expect(toSavedGrants(tree, withoutList)).toEqual({
      menu_keys: ["home", "base", "store"],
      button_codes: ["store_add"],
    });
    const empty = toggleGrant(tree, withoutList, m("store"), false);
    expect(toSavedGrants(tree, empty)).toEqual({ menu_keys: [], button_codes: [] });
  });

  it("a half-checked node clicked (antd says checked) becomes fully checked", () => {
    const one = toggleGrant(tree, none, b("productlist_add"), true);
    const full = toggleGrant(tree, one, m("productlist"), true);
    expect(checkState(tree, full).checked).toEqual(
      expect.arrayContaining([b("productlist_add"), b("productlist_delete"), m("productlist")]),
    );
  });

  it("an unknown key changes nothing", () => {
    expect(toggleGrant(tree, none, "menu:nope", true)).toBe(none);
  });
});

describe("saved keys", () => {
  it("come in tree order, each once, whatever the order of the grants", () => {
    expect(toSavedGrants(tree, grants(["store", "home", "base"], ["store_add", "productsort_add"]))).toEqual({
      menu_keys: ["home", "base", "store"],
      button_codes: ["productsort_add", "store_add"],
    });
  });

  it("sameGrants compares both sets", () => {
    expect(sameGrants(grants(["a"], ["x"]), grants(["a"], ["x"]))).toBe(true);
    expect(sameGrants(grants(["a"], ["x"]), grants(["a"], []))).toBe(false);
  });
});
