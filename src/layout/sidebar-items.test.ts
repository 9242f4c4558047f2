import { describe, expect, it, vi } from "vitest";
import { filterMenu } from "./menu-index";
import { fixtureTree } from "./menu-fixture.test-data";
import type { MenuRoute } from "../screen-kit/routing/route-types";
import { openKeysFor, sidebarEntries, type SidebarEntry } from "./sidebar-items";

const shape = (entries: readonly SidebarEntry[]): unknown =>
  entries.map((e) => (e.kind === "leaf" ? (e.href ? `${e.key} -> ${e.href}` : e.key) : { [e.key]: shape(e.children) }));

describe("spec §2 sidebar", () => {
  it("shows admin everything except hidden items, promoting lone children", () => {
    const tree = filterMenu(fixtureTree, ["admin"])!;
    expect(shape(sidebarEntries(tree.children))).toEqual([
      { "/home/base": ["/productlist", "/store"] }, // product has one visible child: shown directly
      { "/home/report": ["/supervise"] }, // report's one child has a child: a submenu; check → supervise promoted
      "/home/docs -> https://example.com/docs",
      "/repeatedquery",
    ]);
  });
  it("keeps a group with alwaysShow even with one visible child", () => {
    const tree = filterMenu(fixtureTree, ["productlist"])!;
    expect(shape(sidebarEntries(tree.children))).toEqual([{ "/home/base": ["/productlist"] }, "/repeatedquery"]);
  });
  it("gives a promoted child its parent's icon when it has none", () => {
    const tree = filterMenu(fixtureTree, ["supervise"])!;
    const [report] = sidebarEntries(tree.children);
    expect(report).toMatchObject({
      kind: "group",
      children: [{ kind: "leaf", key: "/supervise", icon: "EyeOutlined" }],
    });
  });
  it("filters by roles: routes without roles stay open", () => {
    const error = vi.spyOn(console, "error");
    expect(filterMenu(fixtureTree, ["nothing"])).toMatchObject({ children: [{ name: "repeatedquery" }] });
    expect(error).not.toHaveBeenCalled();
  });
  it("carries a short title where the menu has one, for a group and for a promoted child", () => {
    const short = (route: MenuRoute): MenuRoute => ({
      ...route,
      meta: { ...route.meta, shortTitleKey: `menuShort.${route.name}` },
      children: route.children.map(short),
    });
    const tree = filterMenu(short(fixtureTree), ["admin"])!;
    const [base, report] = sidebarEntries(tree.children);
    expect(base).toMatchObject({ titleKey: "menu.base", shortTitleKey: "menuShort.base" });
    expect(report).toMatchObject({
      children: [{ kind: "leaf", titleKey: "menu.supervise", shortTitleKey: "menuShort.supervise" }],
    });
    const [plain] = sidebarEntries(filterMenu(fixtureTree, ["admin"])!.children);
    expect(plain).not.toHaveProperty("shortTitleKey");
  });
  it("finds the groups to open for the active item", () => {
    const entries = sidebarEntries([filterMenu(fixtureTree, ["admin"])!]);
    expect(openKeysFor(entries, "/productlist")).toEqual(["/home", "/home/base"]);
    expect(openKeysFor(entries, "/nowhere")).toEqual([]);
  });
});
