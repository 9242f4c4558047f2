// Given a menu tree over resources, want the views, roles and button codes bind-screens derives.
import { describe, expect, it } from "vitest";
import { modelOf, SHOP } from "../test-support/tiny-manifest";

const shop = modelOf(SHOP);
const resourceOf = (name: string) => shop.resources.find((r) => r.name === name)!;

describe("bindScreens: view binding", () => {
  it.each([
    {
      resource: "brands",
      want: [
        ["list", "brandlist", "/home/shop/brandlist"],
        ["create", "brandlist", "/home/shop/brandlist/create"],
        ["edit", "brandlist", "/home/shop/brandlist/edit/:id"],
        ["show", "brandlist", "/home/shop/brandlist/show/:id"],
      ],
    },
    {
      resource: "products",
      want: [
        ["list", "productlist", "/home/shop/productlist"],
        ["create", "productedit", "/home/shop/productedit/create"],
        ["edit", "productedit", "/home/shop/productedit/edit/:id"],
        ["show", "productlist", "/home/shop/productlist/show/:id"],
      ],
    },
  ])("$resource: each view under the menu that lists it", ({ resource, want }) => {
    expect(resourceOf(resource).views.map((v) => [v.view, v.menu, v.path])).toEqual(want);
  });

  it("the primary menu is the one holding the list view", () => {
    expect(resourceOf("products").primaryMenu).toBe("productlist");
  });
});

describe("bindScreens: roles and button codes", () => {
  it.each([
    { resource: "brands", view: "list", want: ["brandlist"] },
    { resource: "brands", view: "create", want: ["brandlist", "brandlist_add"] }, // the create button opens the create route
    { resource: "brands", view: "edit", want: ["brandlist", "brandlist_edit"] },
    // productlist declares no buttons, so it gets the default ones (productlist_add, ...): they open it too.
    { resource: "products", view: "create", want: ["productedit", "productlist_add", "productedit_add"] },
    { resource: "products", view: "show", want: ["productlist", "productedit"] }, // show: whoever reads it
    { resource: "lookups", view: "list", want: [] }, // an open menu: every signed-in user
  ])("$resource $view route opens for $want", ({ resource, view, want }) => {
    expect(resourceOf(resource).views.find((v) => v.view === view)?.roles).toEqual(want);
  });

  it.each([
    {
      resource: "brands",
      want: {
        readRoles: ["brandlist"],
        writeRoles: { create: ["brandlist_add"], edit: ["brandlist_edit"], close: ["brandlist_close"] },
      },
    },
    {
      resource: "products",
      want: {
        readRoles: ["productlist", "productedit"],
        writeRoles: {
          create: ["productlist_add", "productedit_add"],
          edit: ["productlist_update"],
          delete: ["productlist_delete"],
          export: ["productlist_export"],
        },
      },
    },
  ])("$resource: menus read it, button codes write it", ({ resource, want }) => {
    const { readRoles, writeRoles } = resourceOf(resource);
    expect({ readRoles, writeRoles }).toEqual(want);
  });

  it("option roles: its readers plus the readers of every resource referring to it", () => {
    expect(resourceOf("brands").optionRoles).toEqual(["brandlist", "productlist", "productedit"]);
    expect(resourceOf("products").optionRoles).toEqual(["productlist", "productedit"]);
  });
});
