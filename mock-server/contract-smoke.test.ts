// The server on the real generated contract: it starts, seeds, and every resource's read calls
// answer for admin; the editor's menus are the ones the README promises.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { contract } from "./generated/contract.gen";
import { call, envelope, login } from "./test-fixtures/test-app";

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await buildApp({
    contract,
    dbFile: ":memory:",
    seedAnchor: "2024-06-01",
    clock: () => Date.parse("2024-06-01T10:00:00Z"),
  });
  admin = await login(app, "admin");
}, 60_000);
afterAll(() => app.close());

describe("generated contract", () => {
  for (const resource of contract.resources) {
    it(`${resource.name}: read calls answer`, async () => {
      const list = resource.endpoints.list;
      if (list) {
        const body = envelope(
          await call(app, {
            method: list.method as "GET" | "POST",
            url: list.path,
            token: admin,
            body: list.method === "GET" ? undefined : {},
          }),
        );
        expect(body.code, body.message).toBe(0);
        if (resource.kind === "entity" && resource.seedRows > 0) expect(body.data.total).toBeGreaterThan(0);
      }
      const { detail, options, tree } = resource.endpoints;
      if (detail) {
        const id = resource.singleton
          ? undefined
          : (await app.consoleContext.store.get<{ id: number }>(`SELECT id FROM "${resource.table}" LIMIT 1`))?.id;
        if (resource.singleton || id !== undefined) {
          const body = envelope(await call(app, { url: `${detail.path}${id ? `?id=${id}` : ""}`, token: admin }));
          expect(body.code, body.message).toBe(0);
        }
      }
      for (const endpoint of [options, tree])
        if (endpoint) expect(envelope(await call(app, { url: endpoint.path, token: admin })).code).toBe(0);
    });
  }

  it("the editor sees products, warehouses and dealers, with add and edit only", async () => {
    const { data } = envelope(
      await call(app, { url: "/api/org/menutree/selectedlist", token: await login(app, "editor") }),
    );
    const buttons = data.flatMap((menu: { listMenuButtons: { menu_button_code: string; selected: boolean }[] }) =>
      menu.listMenuButtons.filter((button) => button.selected).map((button) => button.menu_button_code),
    );
    expect(buttons).toEqual(
      expect.arrayContaining([
        "productlist_add",
        "productlist_update",
        "store_add",
        "store_update",
        "dealer_add",
        "dealer_update",
      ]),
    );
    expect(buttons.some((code: string) => /_(delete|export)$/.test(code))).toBe(false);
    const menus = data
      .filter((menu: { selected: boolean }) => menu.selected)
      .map((menu: { menu_key: string }) => menu.menu_key);
    expect(menus).toEqual(expect.arrayContaining(["productlist", "store", "dealer"]));
    expect(menus).not.toContain("stafflist");
  });

  it("the login page's ICP call finds the seeded enterprise", async () => {
    const body = envelope(await call(app, { url: "/api/org/enterpriseaccountnoauth/geticp?enterprise_code=E0001" }));
    expect(body.data.icp_record).toMatch(/ICP备\d+号/);
  });
});
