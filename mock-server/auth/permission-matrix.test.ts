// Every call checks permissions on the server (spec §4, §6): admin, editor, no session,
// expired session, revoked session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login, type Call, type TestClock } from "../test-fixtures/test-app";
import { DEFAULT_SESSION_TTL_MS } from "../options";

let app: FastifyInstance;
let clock: TestClock;
const tokens: Record<string, string | undefined> = {};

beforeAll(async () => {
  ({ app, clock } = await fixtureApp());
  tokens.admin = await login(app, "admin");
  tokens.editor = await login(app, "editor");
  tokens.revoked = await login(app, "editor");
  await call(app, { method: "POST", url: "/api/sso/loginout", token: tokens.revoked });
  tokens.none = undefined;
});
afterAll(() => app.close());

type Who = "admin" | "editor" | "none" | "revoked";
const DENIED = 40300;
// [call, expected code per caller]; a code other than the permission/session ones means "passed the check".
const matrix: [string, Omit<Call, "token">, Record<Who, number>][] = [
  ["list products (productlist)", { url: "/api/base/products/pagelist" }, { admin: 0, editor: 0, none: 50012, revoked: 50012 }],
  ["read a product", { url: "/api/base/products/detail?id=1" }, { admin: 0, editor: 0, none: 50012, revoked: 50012 }],
  ["create a product (productlist_add)", { method: "POST", url: "/api/base/products/add", body: { product_code: "X", product_name: 5 } }, { admin: 40000, editor: 40000, none: 50012, revoked: 50012 }],
  ["delete a product (productlist_delete)", { method: "POST", url: "/api/base/products/delete", body: { id: 999999 } }, { admin: 40400, editor: DENIED, none: 50012, revoked: 50012 }],
  ["update a dealer (dealer_edit)", { method: "POST", url: "/api/base/dealers/update", body: { id: 999999 } }, { admin: 40400, editor: 40400, none: 50012, revoked: 50012 }],
  ["brand options for the product form", { url: "/api/base/brands/options" }, { admin: 0, editor: 0, none: 50012, revoked: 50012 }],
  ["list brands (productsort)", { url: "/api/base/brands/pagelist" }, { admin: 0, editor: DENIED, none: 50012, revoked: 50012 }],
  ["list employees (stafflist)", { url: "/api/org/employees/pagelist" }, { admin: 0, editor: DENIED, none: 50012, revoked: 50012 }],
  ["list roles (rolemanage)", { url: "/api/org/roles/list" }, { admin: 0, editor: DENIED, none: 50012, revoked: 50012 }],
  ["save a role's tree", { method: "POST", url: "/api/org/menutree/savetree", body: { role_id: 1, menu_keys: [], button_codes: [] } }, { admin: 0, editor: DENIED, none: 50012, revoked: 50012 }],
  ["an action (readycreate_submit)", { method: "POST", url: "/api/tagging/orders/submit", body: { id: 999999 } }, { admin: 40400, editor: DENIED, none: 50012, revoked: 50012 }],
  ["a report (collect)", { url: "/api/report/scans/pagelist" }, { admin: 0, editor: DENIED, none: 50012, revoked: 50012 }],
  ["an open menu (repeatedquery)", { url: "/api/plant/duplicatecodes/pagelist" }, { admin: 0, editor: 0, none: 50012, revoked: 50012 }],
  ["the dashboard", { url: "/api/dashboard/today" }, { admin: 0, editor: 0, none: 50012, revoked: 50012 }],
  ["own menus", { url: "/api/org/menutree/selectedlist" }, { admin: 0, editor: 0, none: 50012, revoked: 50012 }],
  ["address areas", { url: "/api/org/addressareas/findByParentCode?parent_code=0" }, { admin: 0, editor: 0, none: 50012, revoked: 50012 }],
  ["public: ICP for the login page", { url: "/api/org/enterpriseaccountnoauth/geticp?enterprise_code=E0001" }, { admin: 0, editor: 0, none: 0, revoked: 0 }],
];

describe("permission matrix", () => {
  for (const [name, request, expected] of matrix) {
    for (const who of Object.keys(expected) as Who[]) {
      it(`${name}: ${who} → ${expected[who]}`, async () => {
        const body = envelope(await call(app, { ...request, token: tokens[who] }));
        expect(body.code).toBe(expected[who]);
        if (expected[who] === DENIED) expect(body.status_code).toBe(403);
      });
    }
  }

  it("an expired session gets 50014 on every guarded call", async () => {
    const token = await login(app, "admin");
    const start = clock.now;
    clock.now = start + DEFAULT_SESSION_TTL_MS + 1000;
    try {
      for (const [, request, expected] of matrix) {
        if (expected.none === 0) continue;
        expect(envelope(await call(app, { ...request, token })).code).toBe(50014);
      }
    } finally {
      clock.now = start;
    }
  });
});

describe("a disabled menu (menutreeenable)", () => {
  it("is not selected and does not pass, except for admin", async () => {
    const disable = { method: "POST" as const, url: "/api/org/menutree/menutreeenable", token: tokens.admin };
    expect(envelope(await call(app, { ...disable, body: { menu_key: "product", enabled: false } })).code).toBe(0);
    try {
      const editorList = envelope(await call(app, { url: "/api/base/products/pagelist", token: tokens.editor }));
      expect(editorList.code).toBe(DENIED);
      const menus = envelope(await call(app, { url: "/api/org/menutree/selectedlist", token: tokens.editor })).data as { menu_key: string; selected: boolean; listMenuButtons: { selected: boolean }[] }[];
      const productlist = menus.find((menu) => menu.menu_key === "productlist")!;
      expect(productlist.selected).toBe(false); // its parent group is off
      expect(productlist.listMenuButtons.every((button) => !button.selected)).toBe(true);
      expect(envelope(await call(app, { url: "/api/base/products/pagelist", token: tokens.admin })).code).toBe(0);
    } finally {
      await call(app, { ...disable, body: { menu_key: "product", enabled: true } });
    }
    expect(envelope(await call(app, { url: "/api/base/products/pagelist", token: tokens.editor })).code).toBe(0);
  });
});
