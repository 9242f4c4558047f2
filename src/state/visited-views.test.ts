import { describe, expect, it } from "vitest";
import {
  addView,
  cachedPaths,
  closeAll,
  closeOthers,
  closeView,
  landingAfterClose,
  type VisitedView,
} from "./visited-views";

const view = (path: string, extra: Partial<VisitedView> = {}): VisitedView => ({
  path,
  fullPath: path,
  titleKey: `menu.${path.slice(1)}`,
  affix: false,
  noCache: false,
  ...extra,
});
const dashboard = view("/dashboard", { affix: true, noCache: true });
const views = [dashboard, view("/productlist"), view("/store"), view("/plantlist", { noCache: true })];

describe("spec §2 tags view", () => {
  it("adds a tab once per path and keeps its latest query", () => {
    expect(addView(views, view("/store"))).toBe(views);
    const updated = addView(views, view("/store", { fullPath: "/store?currentPage=2" }));
    expect(updated).toHaveLength(4);
    expect(updated[2].fullPath).toBe("/store?currentPage=2");
    expect(
      addView(views, view("/dealer"))
        .map((v) => v.path)
        .at(-1),
    ).toBe("/dealer");
  });
  it("closes one, the others (pinned stay) and all (pinned stay)", () => {
    expect(closeView(views, "/store").map((v) => v.path)).toEqual(["/dashboard", "/productlist", "/plantlist"]);
    expect(closeOthers(views, "/store").map((v) => v.path)).toEqual(["/dashboard", "/store"]);
    expect(closeAll(views).map((v) => v.path)).toEqual(["/dashboard"]);
  });
  it("goes to the last remaining tab when the active one closes, else home", () => {
    expect(landingAfterClose(closeView(views, "/plantlist"), "/plantlist", "/")).toBe("/store");
    expect(landingAfterClose(closeView(views, "/productlist"), "/plantlist", "/")).toBeUndefined();
    expect(landingAfterClose([], "/dashboard", "/")).toBe("/");
  });
  it("lands on a page with a tab after close all from a pinned tab", () => {
    expect(landingAfterClose(closeAll(views), "/store", "/")).toBe("/dashboard");
  });
  it("keeps alive only open tabs of cached pages", () => {
    expect(cachedPaths(views)).toEqual(["/productlist", "/store"]);
  });
});
