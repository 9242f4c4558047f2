import { describe, expect, it } from "vitest";
import type { RouteMeta } from "../screen-kit/routing/route-types";
import { breadcrumbTrail, namedByView } from "./breadcrumb-trail";
import { indexMenu } from "./menu-index";
import { fixtureTree } from "./menu-fixture.test-data";
import type { PageDef } from "./page-table";

const menus = indexMenu(fixtureTree).byName;
const load = () => Promise.resolve({ default: () => null });
const page = (
  name: string,
  path: string,
  ancestors: string[],
  extra: Partial<RouteMeta> = {},
  view?: PageDef["view"],
) =>
  ({
    name,
    path,
    view,
    ancestors,
    meta: { titleKey: `menu.${ancestors.at(-1)}`, roles: [], affix: false, noCache: false, ...extra },
    load,
  }) satisfies PageDef;

const productlist = page("productlist", "/productlist", ["home", "base", "product", "productlist"], {}, "list");
const store = page("store", "/store", ["home", "base", "store"], {}, "list");
const storeEdit = page("store.edit", "/store/edit/:id", ["home", "base", "store"], { activeMenu: "/store" }, "edit");
// A hidden menu of its own (productpages), shown under the list it belongs to.
const productShow = page(
  "productpages.show",
  "/productpages/show/:id",
  ["home", "base", "product", "productpages"],
  { activeMenu: "/productlist" },
  "show",
);
const pages = [productlist, store, storeEdit, productShow];

describe("spec §2 breadcrumb trail", () => {
  it.each([
    { given: "a list page ends with its own menu title", page: store, want: ["menu.home", "menu.base", "menu.store"] },
    {
      given: "an edit page sits under its list, which links back",
      page: storeEdit,
      want: ["menu.home", "menu.base", "menu.store -> /store"],
    },
    {
      given: "a hidden menu's detail page sits under the list it belongs to, not under its hidden menu",
      page: productShow,
      want: ["menu.home", "menu.base", "menu.product", "menu.productlist -> /productlist"],
    },
    {
      given: "without the list among the pages it may open, the page's own menus",
      page: productShow,
      pages: [productShow],
      want: ["menu.home", "menu.base", "menu.product", "menu.productpages"],
    },
  ])("$given", ({ page: shown, pages: among = pages, want }) => {
    const steps = breadcrumbTrail(shown, among, menus);
    expect(steps.map((step) => (step.to ? `${step.titleKey} -> ${step.to}` : step.titleKey))).toEqual(want);
  });

  it("names a create, edit or detail page by what it shows; a list by its menu", () => {
    expect([store, storeEdit, productShow].map(namedByView)).toEqual([false, true, true]);
  });
});
