import { describe, expect, it } from "vitest";
import { SEARCH } from "../settings";
import { buildSearchPool, createSearcher } from "./header-search";
import { fixtureTree } from "./menu-fixture.test-data";
import { indexMenu } from "./menu-index";
import type { PageDef } from "./page-table";
import { pinyinOf } from "./pinyin";

const zh: Record<string, string> = {
  "menu.home": "产品追溯系统",
  "menu.base": "基础信息",
  "menu.product": "产品信息",
  "menu.productlist": "产品列表",
  "menu.productpages": "产品详情页",
  "menu.store": "仓库管理",
  "shell.route.dashboard": "首页",
};
const page = (name: string, path: string, ancestors: string[], extra: Partial<PageDef> = {}): PageDef => ({
  name,
  path,
  menu: name,
  view: "list",
  ancestors,
  meta: { titleKey: `menu.${name}`, roles: [], affix: false, noCache: false },
  load: () => Promise.resolve({ default: () => null }),
  ...extra,
});
const pages: PageDef[] = [
  page("productlist", "/productlist", ["home", "base", "product", "productlist"]),
  page("productlist.edit", "/productlist/edit/:id", ["home", "base", "product", "productlist"], {
    menu: "productlist",
    view: "edit",
  }),
  page("productpages", "/productpages", ["home", "base", "product", "productpages"]),
  page("store", "/store", ["home", "base", "store"]),
];
const pool = buildSearchPool(pages, indexMenu(fixtureTree), (key) => zh[key] ?? key, pinyinOf);
const search = createSearcher(pool);

describe("spec §2, §9 header search", () => {
  it("uses the spec's threshold and weights", () => {
    expect(SEARCH).toEqual({ threshold: 0.4, titleWeight: 0.7, pathWeight: 0.3 });
  });
  it("offers only openable list pages, not hidden ones or ones needing an id", () => {
    expect(pool.map((item) => item.path)).toEqual(["/productlist", "/store"]);
    expect(pool[0].trail).toEqual(["产品追溯系统", "基础信息", "产品信息", "产品列表"]);
  });
  it("finds by title and by path", () => {
    expect(search("产品列表")[0].path).toBe("/productlist");
    expect(search("仓库")[0].path).toBe("/store");
    expect(search("/store")[0].path).toBe("/store");
  });
  it("finds 产品列表 by pinyin initials and by full pinyin", () => {
    expect(search("cplb")[0].path).toBe("/productlist");
    expect(search("chanpin")[0].path).toBe("/productlist");
    expect(search("cangku")[0].path).toBe("/store");
  });
  it("returns nothing for an empty query", () => {
    expect(search("  ")).toEqual([]);
  });
});
