import { describe, expect, it } from "vitest";
import { loginPath } from "../../providers/auth-provider";
import { loginTarget } from "./login-target";

describe("spec §4 login redirect", () => {
  it("round-trips a path with its query through /login?redirect=", () => {
    const path = "/productlist?currentPage=2&filters[0][field]=name";
    const login = loginPath(path);
    expect(login).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    expect(loginTarget(login.slice("/login".length))).toBe(path);
  });
  it("keeps the login URL's other query too", () => {
    expect(loginTarget("?redirect=%2Fstore%3Fa%3D1&b=2")).toBe("/store?a=1&b=2");
  });
  it("goes home without a redirect, and never off-site or back to the login", () => {
    expect(loginTarget("")).toBe("/");
    expect(loginTarget("?redirect=https%3A%2F%2Fevil.example")).toBe("/");
    expect(loginTarget("?redirect=%2F%2Fevil.example")).toBe("/");
    expect(loginTarget("?redirect=%2Flogin")).toBe("/");
  });
});
