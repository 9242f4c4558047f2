import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/http-client";
import { resetSession, signedInUser } from "../api/session";
import { onSessionEvent } from "../api/session-events";
import { EMPTY_INFO_MESSAGE } from "../api/session-roles";
import { ok, stubFetch, type Reply } from "../test-support/fetch-stub";
import { authProvider, loginPath } from "./auth-provider";

// js-cookie needs a document; in node the session cookies live in a map.
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("../api/session-cookies", () => ({
  getToken: () => jar.get("token"),
  getAccountName: () => jar.get("name"),
  getAccountType: () => jar.get("type"),
  saveSession: (token: string, name: string, type: string) =>
    void jar.set("token", token).set("name", name).set("type", type),
  clearSession: () => jar.clear(),
}));

const form = { account_name: " admin ", account_password: "pw", account_type: "enterprise" };
const failed = (status: number, code: number, message: string): Reply => ({
  status,
  envelope: { status_code: status, message, code, data: null },
});

beforeEach(() => {
  jar.clear();
  resetSession();
});
afterEach(() => vi.unstubAllGlobals());

describe("spec §4, §8 auth provider", () => {
  it("sends a signed-out user to the login with the path and query to come back to", async () => {
    expect(loginPath("/store?currentPage=2")).toBe("/login?redirect=%2Fstore%3FcurrentPage%3D2");
    await expect(authProvider.check()).resolves.toMatchObject({
      authenticated: false,
      redirectTo: "/login?redirect=%2F",
    });
  });

  it("signs in with the form alone, then answers where to go", async () => {
    const calls = stubFetch(ok("t-1"), ok(null));
    await expect(authProvider.login({ ...form, redirect: "/store?a=1" })).resolves.toEqual({
      success: true,
      redirectTo: "/store?a=1",
    });
    expect(calls[0]).toMatchObject({ path: "/api/sso/login" });
    expect(calls[0].body).toEqual({
      account_name: "admin",
      account_password: "pw",
      account_type: "enterprise",
      permissions: 1,
    });
    expect(jar.get("token")).toBe("t-1");
  });

  it("answers a failed sign-in with the server's message, never by rejecting", async () => {
    stubFetch(failed(401, 40100, "wrong password"));
    const answer = await authProvider.login(form);
    expect(answer).toMatchObject({ success: false });
    expect(answer.error).toMatchObject({ message: "wrong password" });
    expect(jar.get("token")).toBeUndefined();
  });

  it("is signed in with a token once the roles have loaded, loading them when missing", async () => {
    jar.set("token", "t-2");
    const calls = stubFetch(ok([{ menu_key: "store", selected: true, listMenuButtons: [] }]));
    await expect(authProvider.check()).resolves.toEqual({ authenticated: true });
    await expect(authProvider.check()).resolves.toEqual({ authenticated: true });
    // The roles once, beside the business time zone (a public call), whatever the second check.
    expect(calls.filter((call) => call.path === "/api/org/menutree/selectedlist")).toHaveLength(1);
    expect(calls.map((call) => call.path).sort()).toEqual([
      "/api/org/enterpriseaccountnoauth/geticp",
      "/api/org/menutree/selectedlist",
    ]);
    expect(calls[0]).toMatchObject({ path: "/api/org/menutree/selectedlist", query: { token: "t-2" } });
    await expect(authProvider.getPermissions!()).resolves.toEqual(["store"]);
  });

  it("resets the token when the roles cannot load, and answers with the reason", async () => {
    jar.set("token", "t-3");
    stubFetch(ok(null));
    const answer = await authProvider.check();
    expect(answer).toMatchObject({ authenticated: false, redirectTo: "/login?redirect=%2F" });
    expect(answer.error).toMatchObject({ message: EMPTY_INFO_MESSAGE });
    expect(jar.get("token")).toBeUndefined();
    expect(signedInUser()).toBeNull();
  });

  it.each([
    [50012, "Invalid session, please log in again"],
    [50014, "Session expired, please log in again"],
  ])("answers an ended session (%i) with the login's quiet line, not an error to show", async (code, message) => {
    jar.set("token", "t-4");
    stubFetch(failed(403, code, message));
    const answer = await authProvider.check();
    expect(answer).toMatchObject({ authenticated: false, redirectTo: "/login?redirect=%2F&session=ended" });
    expect(answer.error).toBeUndefined();
    expect(jar.get("token")).toBeUndefined();
  });

  it("keeps the token through 502s and a network failure, shown as reconnecting, then signs in", async () => {
    jar.set("token", "t-1");
    const seen: boolean[] = [];
    const stop = onSessionEvent((event) => void (event.type === "reconnecting" && seen.push(event.reconnecting)));
    let attempt = 0;
    vi.stubGlobal("fetch", (url: string) => {
      // The business time zone is asked beside the roles; only the roles' attempts are counted.
      if (url.includes("/geticp")) return Promise.reject(new TypeError("Failed to fetch"));
      attempt++;
      if (attempt === 1) return Promise.reject(new TypeError("Failed to fetch"));
      if (attempt === 2)
        return Promise.resolve(new Response("Bad Gateway", { status: 502, statusText: "Bad Gateway" }));
      const menus = ok([{ menu_key: "store", selected: true, listMenuButtons: [] }]);
      return Promise.resolve(new Response(JSON.stringify(menus.envelope)));
    });
    await expect(authProvider.check()).resolves.toEqual({ authenticated: true });
    stop();
    expect(attempt).toBe(3);
    expect(jar.get("token")).toBe("t-1");
    expect(seen).toEqual([true, false]);
  });

  it("ends the session on 50014 from the roles call", async () => {
    jar.set("token", "t-5");
    stubFetch(failed(403, 50014, "Session expired"));
    await expect(authProvider.check()).resolves.toMatchObject({ authenticated: false, logout: true });
    expect(jar.get("token")).toBeUndefined();
  });

  it("logs out on the server and answers the login as the way back", async () => {
    jar.set("token", "t-4");
    const calls = stubFetch(ok(null));
    await expect(authProvider.logout({})).resolves.toEqual({ success: true, redirectTo: "/login" });
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/sso/loginout" });
    expect(jar.get("token")).toBeUndefined();
  });

  it("spec §4: a second logout joins the first, and a sign-in that lands meanwhile keeps its session", async () => {
    jar.set("token", "t-6");
    let answer!: () => void;
    const calls: string[] = [];
    vi.stubGlobal("fetch", (input: string) => {
      calls.push(String(input));
      return new Promise<Response>((resolve) => {
        answer = () =>
          resolve(
            new Response(JSON.stringify({ status_code: 200, code: 200, message: "", data: null }), { status: 200 }),
          );
      });
    });
    const first = authProvider.logout({});
    const second = authProvider.logout({});
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    jar.set("token", "t-7"); // another account signs in before the server has answered
    answer();
    await Promise.all([first, second]);
    expect(calls).toHaveLength(1);
    expect(jar.get("token")).toBe("t-7");
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
