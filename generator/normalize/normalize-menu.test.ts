// Given a menu tree, want the role keys and button codes normalize gives each menu.
import { describe, expect, it } from "vitest";
import { menu, modelOf, resource, SHOP, text } from "../test-support/tiny-manifest";

const shop = modelOf(SHOP);
const menuOf = (name: string) => shop.menus.find((m) => m.name === name)!;

describe("normalizeMenu: menu roles", () => {
  it.each([
    { menu: "brandlist", want: ["brandlist"] }, // a menu's own name is its role key
    { menu: "lookup", want: [] }, // open: every signed-in user
    { menu: "shop", want: [] }, // a group with an open child opens for everyone too
  ])("$menu opens for $want", ({ menu, want }) => {
    expect(menuOf(menu).roles).toEqual(want);
  });

  it("a group lists the role keys of its descendants", () => {
    const model = modelOf({
      menus: [
        menu("org", {
          children: [
            menu("teams", { screen: { kind: "crud", resource: "teams" } }),
            menu("people", { screen: { kind: "crud", resource: "people" } }),
          ],
        }),
      ],
      resources: [resource("teams", { team_name: text() }), resource("people", { person_name: text() })],
    });
    expect(model.menus.find((m) => m.name === "org")!.roles).toEqual(["org", "teams", "people"]);
  });
});

describe("normalizeMenu: button codes", () => {
  it.each([
    {
      menu: "brandlist",
      want: [
        ["brandlist_add", "create"],
        ["brandlist_edit", "edit"],
        ["brandlist_close", "close"],
      ],
    }, // as declared
    { menu: "productedit", want: [["productedit_add", "create"]] }, // as declared
    // none declared on a crud: the standard four, <menu>_<action>
    {
      menu: "productlist",
      want: [
        ["productlist_add", "create"],
        ["productlist_update", "edit"],
        ["productlist_delete", "delete"],
        ["productlist_export", "export"],
      ],
    },
    { menu: "lookup", want: [["lookup_export", "export"]] }, // a query screen only exports
  ])("$menu has buttons $want", ({ menu, want }) => {
    expect(menuOf(menu).buttons.map((b) => [b.code, b.action])).toEqual(want);
  });
});

describe("normalizeMenu: short titles", () => {
  const model = modelOf({
    menus: [
      menu("clients", {
        title: { zh: "委外客户", en: "Contract manufacturing clients", es: "Clientes por encargo", ja: "委託顧客" },
        shortTitle: { en: "Contract clients" },
        screen: { kind: "crud", resource: "clients" },
      }),
      menu("teams", { screen: { kind: "crud", resource: "teams" } }),
    ],
    resources: [resource("clients", { client_name: text() }), resource("teams", { team_name: text() })],
  });
  const of = (name: string) => model.menus.find((m) => m.name === name)!;

  it("a short title covers every language: the full title where the manifest gives none", () => {
    expect(of("clients").shortTitle).toEqual({
      key: "menuShort.clients",
      text: { zh: "委外客户", en: "Contract clients", es: "Clientes por encargo", ja: "委託顧客" },
    });
  });

  it("a menu without one has none", () => {
    expect(of("teams").shortTitle).toBeUndefined();
  });
});
