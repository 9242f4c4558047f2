import { describe, expect, it } from "vitest";
import { authProvider, loginPath } from "./auth-provider";
import { ApiError } from "../api/http-client";

describe("spec §4, §8 auth provider", () => {
  it("sends a signed-out user to the login with the path and query to come back to", async () => {
    expect(loginPath("/store?currentPage=2")).toBe("/login?redirect=%2Fstore%3FcurrentPage%3D2");
    await expect(authProvider.check()).resolves.toMatchObject({
      authenticated: false,
      redirectTo: "/login?redirect=%2F",
    });
  });

  it("never logs out on an error by itself: an ended session is asked about once by the shell", async () => {
    await expect(authProvider.onError(new ApiError("Invalid session", 403, 50012))).resolves.toEqual({});
    const denied = new ApiError("No permission", 403, 40300);
    await expect(authProvider.onError(denied)).resolves.toEqual({ error: denied });
  });

  it("has no identity and no roles without a session", async () => {
    await expect(authProvider.getIdentity!()).resolves.toBeNull();
    await expect(authProvider.getPermissions!()).resolves.toEqual([]);
  });
});
