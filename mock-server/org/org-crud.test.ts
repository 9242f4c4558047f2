// The spec §7 org calls that are plain contract resources: roles, positions, position-role
// links and menu buttons, at the spec's paths.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";

let app: FastifyInstance;
let admin: string;
const post = (url: string, body: unknown) => call(app, { method: "POST", url, body, token: admin }).then(envelope);
const ok = (body: { code: number; message: string }) => expect(body.code, body.message).toBe(0);

beforeAll(async () => {
  ({ app } = await fixtureApp());
  admin = await login(app, "admin");
});
afterAll(() => app.close());

describe("roles", () => {
  it("list (unpaged), add, update, delete", async () => {
    const { data } = envelope(await call(app, { url: "/api/org/roles/list", token: admin }));
    expect(data.list.map((role: { role_name: string }) => role.role_name)).toEqual(
      expect.arrayContaining(["admin", "editor"]),
    );
    const added = await post("/api/org/roles/add", { role_name: "viewer" });
    ok(added);
    expect((await post("/api/org/roles/update", { id: added.data.id, remark: "只读" })).data.remark).toBe("只读");
    expect((await post("/api/org/roles/add", { role_name: "viewer" })).code).toBe(40900);
    ok(await post("/api/org/roles/delete", { id: added.data.id }));
  });
});

describe("positions and position-role links", () => {
  it("list, add, update, delete; a linked position cannot be deleted", async () => {
    const position = await post("/api/org/positions/add", { position_name: "临时质检岗" });
    ok(position);
    expect(
      (await post("/api/org/positions/update", { id: position.data.id, position_name: "临时质检主管" })).data
        .position_name,
    ).toBe("临时质检主管");
    const role = (await post("/api/org/roles/add", { role_name: "qa" })).data.id;
    const link = await post("/api/org/positionrole/add", { position_id: position.data.id, role_id: role });
    ok(link);
    expect(link.data).toMatchObject({ position_id_label: "临时质检主管", role_id_label: "qa" });
    const links = await post("/api/org/positionrole/list", { position_id: position.data.id });
    expect(links.data.list.map((row: { id: number }) => row.id)).toEqual([link.data.id]);
    expect((await post("/api/org/positions/delete", { id: position.data.id })).code).toBe(40901);
    const other = (await post("/api/org/roles/add", { role_name: "qa2" })).data.id;
    expect((await post("/api/org/positionrole/update", { id: link.data.id, role_id: other })).data.role_id).toBe(other);
    ok(await post("/api/org/positionrole/delete", { id: link.data.id }));
    ok(await post("/api/org/positions/delete", { id: position.data.id }));
    const positions = await post("/api/org/positions/list", { position_name: "临时质检" });
    expect(positions.data.total).toBe(0);
  });
});

describe("menu buttons", () => {
  it("list, add, update, delete; an added button can be granted", async () => {
    const list = await post("/api/org/menubutton/list", { menu_key: "store", sort: "id" });
    expect(list.data.list.map((row: { menu_button_code: string }) => row.menu_button_code)).toEqual([
      "store_add",
      "store_edit",
      "store_delete",
    ]);
    const added = await post("/api/org/menubutton/add", {
      menu_key: "store",
      menu_button_code: "store_audit",
      menu_button_name: "审核",
    });
    ok(added);
    ok(await post("/api/org/menubutton/update", { id: added.data.id, menu_button_name: "库存审核" }));
    const tree = envelope(await call(app, { url: "/api/org/menutree/alltreebuttons", token: admin })).data;
    const store = JSON.stringify(tree);
    expect(store).toContain('"menu_button_code":"store_audit","menu_button_name":"库存审核"');
    const role = (await post("/api/org/roles/add", { role_name: "auditor2" })).data.id;
    ok(
      await post("/api/org/menutree/savetree", { role_id: role, menu_keys: ["store"], button_codes: ["store_audit"] }),
    );
    ok(await post("/api/org/menubutton/delete", { id: added.data.id }));
    expect(
      (await post("/api/org/menutree/savetree", { role_id: role, menu_keys: [], button_codes: ["store_audit"] })).code,
    ).toBe(40000);
  });
});
