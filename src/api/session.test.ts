// loadRolesAgain: after a regenerated contract the roles are loaded again and set
// when the caller says, with the updates that go with them; nobody is signed out by a failure.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ok, stubFetch } from "../test-support/fetch-stub";
import { loadRolesAgain, loadUser, signedInUser } from "./session";
import { onSessionEvent, type SessionEvent } from "./session-events";

const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("./session-cookies", () => ({
  getToken: () => jar.get("token"),
  getAccountName: () => jar.get("name"),
  getAccountType: () => jar.get("type"),
  saveSession: () => undefined,
  clearSession: () => jar.clear(),
}));

const signedIn = { name: "admin", accountType: "", avatar: "", introduction: "", roles: ["store"] };
const menus = (...keys: string[]) => ok(keys.map((menu_key) => ({ menu_key, selected: true, listMenuButtons: [] })));
let told: SessionEvent[] = [];
let stopHearing = () => {};

beforeEach(async () => {
  jar.clear();
  jar.set("token", "t-1").set("name", "admin");
  stubFetch(menus("store"));
  await loadUser();
  told = [];
  stopHearing = onSessionEvent((event) => void told.push(event));
});
afterEach(() => {
  stopHearing();
  vi.unstubAllGlobals();
});

it("loads the roles and sets them only when the returned function runs", async () => {
  const calls = stubFetch(menus("store", "bench"));
  const setRoles = await loadRolesAgain();
  expect(calls[0]).toMatchObject({ path: "/api/org/menutree/selectedlist", query: { token: "t-1" } });
  expect(signedInUser()?.roles).toEqual(["store"]);
  expect(told).toEqual([]);
  setRoles();
  expect(signedInUser()).toEqual({ ...signedIn, roles: ["store", "bench"] });
  expect(told).toEqual([{ type: "roles-reloaded", roles: ["store", "bench"] }]);
});

it.each([
  ["a 502", { status: 502, envelope: { status_code: 502, message: "Bad Gateway", code: 50200, data: null } }],
  [
    "a session-ended code",
    { status: 200, envelope: { status_code: 200, message: "Invalid session", code: 50012, data: null } },
  ],
  ["an empty menu list", ok(null)],
])("keeps the roles and the session after %s", async (_what, reply) => {
  stubFetch(reply);
  (await loadRolesAgain())();
  expect(signedInUser()).toEqual(signedIn);
  expect(told).toEqual([]);
  expect(jar.get("token")).toBe("t-1");
});

it("does not set roles into a session that changed while they loaded, nor call when signed out", async () => {
  stubFetch(menus("store", "bench"));
  const setRoles = await loadRolesAgain();
  jar.set("token", "t-2");
  setRoles();
  expect(signedInUser()?.roles).toEqual(["store"]);

  jar.clear();
  const calls = stubFetch(menus("store"));
  (await loadRolesAgain())();
  expect(calls).toHaveLength(0);
});
