import { describe, expect, it } from "vitest";
import { toRoutePath, viewPath } from "./route-path";

const config = {
  routes: { list: "/base/productlist", edit: "/base/productaddedit/:id", create: "/base/productaddedit" },
};

describe("route paths", () => {
  it("fills in :id", () => {
    expect(toRoutePath("/x/:id", 12)).toBe("/x/12");
    expect(toRoutePath("/x/:id", "a b")).toBe("/x/a%20b");
  });
  it("knows which views exist", () => {
    expect(viewPath(config, "list")).toBe("/base/productlist");
    expect(viewPath(config, "edit", 3)).toBe("/base/productaddedit/3");
    expect(viewPath(config, "edit")).toBeUndefined();
    expect(viewPath(config, "show", 3)).toBeUndefined();
  });
});
