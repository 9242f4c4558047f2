import { afterEach, describe, expect, it, vi } from "vitest";
import { canOpen, checkPermission } from "./check-permission";

describe("spec §6 checkPermission", () => {
  afterEach(() => vi.restoreAllMocks());

  it("passes when the user holds one of the roles", () => {
    expect(checkPermission(["productlist", "store"], ["store", "dealer"])).toBe(true);
  });
  it("denies when the user holds none", () => {
    expect(checkPermission(["productlist"], ["store"])).toBe(false);
    expect(checkPermission([], ["store"])).toBe(false);
  });
  it("lets admin pass every check", () => {
    expect(checkPermission(["admin"], ["anything"])).toBe(true);
  });
  it.each([[[]], [undefined], ["store" as unknown as string[]]])("logs 'need roles!' and denies for %j", (required) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(checkPermission(["admin"], required)).toBe(false);
    expect(error).toHaveBeenCalledWith("need roles!");
  });
});

describe("spec §6 canOpen (route filter)", () => {
  it("opens routes without roles to everyone signed in", () => {
    expect(canOpen(["productlist"], [])).toBe(true);
    expect(canOpen(["productlist"], undefined)).toBe(true);
  });
  it("checks routes with roles", () => {
    expect(canOpen(["productlist"], ["productlist"])).toBe(true);
    expect(canOpen(["productlist"], ["store"])).toBe(false);
    expect(canOpen(["admin"], ["store"])).toBe(true);
  });
});
