import { describe, expect, it } from "vitest";
import { modelOf, SHOP } from "../test-support/tiny-manifest";
import { emitResources } from "./emit-resources";
import { emitRoutes } from "./emit-routes";
import { emitScreens } from "./emit-screens";

const model = modelOf(SHOP);

describe("emitRoutes, emitResources, emitScreens", () => {
  const routes = emitRoutes(model);
  it("routes.gen.ts holds the menu tree and a lazy page per view", () => {
    expect(routes.map((f) => f.path)).toEqual(["src/generated/routes.gen.ts"]);
    const content = routes[0].content;
    for (const want of [
      'path: "/home/shop/brandlist/edit/:id"',
      "roles: []",
      'import type { MenuRoute, PageRoute } from "../screen-kit/routing/route-types";',
    ])
      expect(content).toContain(want);
  });

  it("a menu's short title reaches the route meta as a key, only where the manifest gives one", () => {
    const [shop, ...rest] = SHOP.menus as Record<string, unknown>[];
    const [file] = emitRoutes(modelOf({ ...SHOP, menus: [{ ...shop, shortTitle: { en: "Shop" } }, ...rest] }));
    expect(file.content).toContain('titleKey: "menu.shop",\n        shortTitleKey: "menuShort.shop"');
    expect(file.content.match(/shortTitleKey/g)).toHaveLength(1);
  });

  it("resources.gen.ts names each menu resource with its endpoints", () => {
    const [file] = emitResources(model);
    expect(file.path).toBe("src/generated/resources.gen.ts");
    expect(file.content).toContain('name: "brandlist"');
  });

  it.each([
    { given: "a crud's list", want: "src/generated/screens/brandlist/ListPage.gen.tsx" },
    { given: "a view under another menu", want: "src/generated/screens/productedit/EditPage.gen.tsx" },
  ])("one screen file per view: $given", ({ want }) => {
    expect(emitScreens(model).map((f) => f.path)).toContain(want);
  });
});
