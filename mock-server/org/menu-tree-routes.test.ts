// spec §7 /api/org/menutree/*.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";
import { flattenMenus } from "./menu-sync";
import { fixtureContract } from "../test-fixtures/contract.fixture";
import type { MenuNode } from "./menu-tree";

let app: FastifyInstance;
let admin: string;
const get = (url: string, token = admin) => call(app, { url, token }).then(envelope);
const post = (url: string, body: unknown, token = admin) =>
  call(app, { method: "POST", url, body, token }).then(envelope);
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
const manifestKeys = flattenMenus(fixtureContract.menuTree).map(({ node }) => node.menu_key);

let newRoleId: number;
beforeAll(async () => {
  ({ app } = await fixtureApp());
  admin = await login(app, "admin");
  newRoleId = (await post("/api/org/roles/add", { role_name: "auditor" })).data.id;
});
afterAll(() => app.close());

describe("trees", () => {
  it("alltreebuttons: the whole tree in manifest order with each menu's buttons", async () => {
    const { data } = await get("/api/org/menutree/alltreebuttons");
    const nodes = flat(data);
    expect(nodes.map((node) => node.menu_key)).toEqual(manifestKeys);
    const productlist = nodes.find((node) => node.menu_key === "productlist")!;
    expect(productlist.listMenuButtons!.map((button) => button.menu_button_code)).toEqual([
      "productlist_add",
      "productlist_edit",
      "productlist_delete",
      "productlist_export",
    ]);
  });

  it("alltree: the same tree without buttons", async () => {
    const nodes = flat((await get("/api/org/menutree/alltree")).data);
    expect(nodes.map((node) => node.menu_key)).toEqual(manifestKeys);
    expect(nodes.every((node) => node.listMenuButtons === undefined)).toBe(true);
  });

  it("allrolestree: checked per menu and button for the role", async () => {
    await post("/api/org/menutree/savetree", { role_id: newRoleId, menu_keys: ["store"], button_codes: ["store_add"] });
    const nodes = flat((await post("/api/org/menutree/allrolestree", { role_id: newRoleId })).data);
    const store = nodes.find((node) => node.menu_key === "store")!;
    expect(store.checked).toBe(true);
    expect(store.listMenuButtons!.find((button) => button.menu_button_code === "store_add")!.checked).toBe(true);
    expect(store.listMenuButtons!.find((button) => button.menu_button_code === "store_edit")!.checked).toBe(false);
    expect(nodes.filter((node) => node.checked).map((node) => node.menu_key)).toEqual(["store"]);
    expect((await post("/api/org/menutree/allrolestree", { role_id: 999999 })).code).toBe(40400);
  });
});

describe("savetree", () => {
  it("replaces the role's grants in one go", async () => {
    await post("/api/org/menutree/savetree", { role_id: newRoleId, menu_keys: ["dealer"], button_codes: [] });
    const nodes = flat((await post("/api/org/menutree/allrolestree", { role_id: newRoleId })).data);
    expect(nodes.filter((node) => node.checked).map((node) => node.menu_key)).toEqual(["dealer"]);
    expect(nodes.flatMap((node) => node.listMenuButtons ?? []).filter((button) => button.checked)).toEqual([]);
  });

  it("refuses unknown keys without changing anything", async () => {
    const body = await post("/api/org/menutree/savetree", {
      role_id: newRoleId,
      menu_keys: ["store", "nope"],
      button_codes: [],
    });
    expect(body).toMatchObject({ status_code: 400, message: 'menu_keys: unknown menu key "nope"' });
    expect(
      (await post("/api/org/menutree/savetree", { role_id: newRoleId, menu_keys: [], button_codes: ["x_add"] }))
        .message,
    ).toBe('button_codes: unknown button code "x_add"');
    const nodes = flat((await post("/api/org/menutree/allrolestree", { role_id: newRoleId })).data);
    expect(nodes.filter((node) => node.checked).map((node) => node.menu_key)).toEqual(["dealer"]);
  });

  it("drops the grants with the role", async () => {
    const role = (await post("/api/org/roles/add", { role_name: "temporary" })).data.id;
    await post("/api/org/menutree/savetree", { role_id: role, menu_keys: ["store"], button_codes: ["store_add"] });
    expect((await post("/api/org/roles/delete", { id: role })).code).toBe(0);
    expect(await app.consoleContext.store.all("SELECT * FROM _role_menus WHERE role_id = ?", [role])).toEqual([]);
  });
});

describe("selectedlist (spec §3, §4)", () => {
  it("admin: every menu selected, flat in manifest order, plus the admin item", async () => {
    const { data } = await get("/api/org/menutree/selectedlist");
    expect(data.map((item: { menu_key: string }) => item.menu_key)).toEqual([...manifestKeys, "admin"]);
    expect(data.every((item: { selected: boolean }) => item.selected)).toBe(true);
    expect(data.at(-1)).toEqual({ menu_key: "admin", selected: true, listMenuButtons: [] });
  });

  it("editor: the granted menus and buttons only, no admin item", async () => {
    const { data } = await get("/api/org/menutree/selectedlist", await login(app, "editor"));
    const roles = data.flatMap(
      (item: {
        menu_key: string;
        selected: boolean;
        listMenuButtons: { menu_button_code: string; selected: boolean }[];
      }) => [
        ...(item.selected ? [item.menu_key] : []),
        ...item.listMenuButtons.filter((button) => button.selected).map((button) => button.menu_button_code),
      ],
    );
    expect(roles.sort()).toEqual(
      [
        "home",
        "base",
        "product",
        "productlist",
        "productlist_add",
        "productlist_edit",
        "store",
        "store_add",
        "store_edit",
        "dealer",
        "dealer_add",
        "dealer_edit",
      ].sort(),
    );
    expect(data.some((item: { menu_key: string }) => item.menu_key === "admin")).toBe(false);
  });

  it("follows a change of the account's position", async () => {
    const { store } = app.consoleContext;
    const auditorPosition = (await post("/api/org/positions/add", { position_name: "审计" })).data.id;
    await post("/api/org/positionrole/add", { position_id: auditorPosition, role_id: newRoleId });
    const editor = (await store.get<{ id: number; position_id: number }>(
      `SELECT id, position_id FROM "employees" WHERE account_name = 'editor'`,
    ))!;
    const token = await login(app, "editor");
    await post("/api/org/employees/update", { id: editor.id, position_id: auditorPosition });
    const { data } = await get("/api/org/menutree/selectedlist", token);
    expect(
      data.filter((item: { selected: boolean }) => item.selected).map((item: { menu_key: string }) => item.menu_key),
    ).toEqual(["dealer"]);
    await post("/api/org/employees/update", { id: editor.id, position_id: editor.position_id });
  });
});

describe("menutreeenable", () => {
  it("switches a menu off and on; unknown keys are 404", async () => {
    expect((await post("/api/org/menutree/menutreeenable", { menu_key: "dealer", enabled: false })).data).toEqual({
      menu_key: "dealer",
      enabled: false,
    });
    const node = flat((await get("/api/org/menutree/alltree")).data).find((item) => item.menu_key === "dealer")!;
    expect(node.enabled).toBe(false);
    await post("/api/org/menutree/menutreeenable", { menu_key: "dealer", enabled: true });
    expect((await post("/api/org/menutree/menutreeenable", { menu_key: "nope", enabled: true })).code).toBe(40400);
    expect((await post("/api/org/menutree/menutreeenable", { menu_key: "dealer", enabled: "yes" })).message).toBe(
      "enabled: must be boolean",
    );
  });
});
