// manifest x-ref-where on the server: the options call narrows by the declared columns only, and
// creates and updates whose narrowed ref does not fit are refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { ServerContract } from "../../schema/contract/server-contract";
import { fixtureContract } from "../test-fixtures/contract.fixture";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";

/** The fixture with employees.position_id narrowed as the real manifest does: x-ref-where {department_id: department_id}. */
const contract: ServerContract = {
  ...fixtureContract,
  resources: fixtureContract.resources.map((resource) =>
    resource.name !== "employees"
      ? resource
      : {
          ...resource,
          columns: resource.columns.map((column) =>
            column.name === "position_id" ? { ...column, refWhere: { department_id: "department_id" } } : column,
          ),
        },
  ),
};

let app: FastifyInstance;
let admin: string;
const get = (url: string) => call(app, { url, token: admin }).then(envelope);
const post = (url: string, body: unknown) => call(app, { method: "POST", url, body, token: admin }).then(envelope);
const rows = async (table: string) => await app.consoleContext.store.all(`SELECT * FROM "${table}" ORDER BY id`);
const positionsOf = async (department: number) =>
  (
    await app.consoleContext.store.all<{ id: number }>(
      'SELECT id FROM "positions" WHERE department_id = ? ORDER BY id',
      [department],
    )
  ).map((row) => row.id);

/** Two departments, each with its own positions. */
let sales: number;
let plant: number;
let salesRep: number;
let salesLead: number;
let operator: number;

beforeAll(async () => {
  ({ app } = await fixtureApp({ contract }));
  admin = await login(app, "admin");
  sales = (await post("/api/org/enterprisedepart/add", { depart_code: "RW-SALES", depart_name: "销售部RW" })).data.id;
  plant = (await post("/api/org/enterprisedepart/add", { depart_code: "RW-PLANT", depart_name: "生产部RW" })).data.id;
  salesRep = (await post("/api/org/positions/add", { position_name: "销售代表RW", department_id: sales })).data.id;
  salesLead = (await post("/api/org/positions/add", { position_name: "销售主管RW", department_id: sales })).data.id;
  operator = (await post("/api/org/positions/add", { position_name: "操作工RW", department_id: plant })).data.id;
});
afterAll(() => app.close());

describe("options narrowed by a declared column", () => {
  it("answers only the rows whose column has the given value", async () => {
    const { data } = await get(`/api/org/positions/options?department_id=${sales}`);
    expect(data.map((item: { value: number }) => item.value).sort()).toEqual([salesLead, salesRep].sort());
    expect(
      (await get(`/api/org/positions/options?department_id=${plant}&q=${encodeURIComponent("操作")}`)).data,
    ).toEqual([{ value: operator, label: "操作工RW" }]);
  });

  it("puts a requested id first only when it fits: one outside the narrowing is left out", async () => {
    const fits = await get(`/api/org/positions/options?department_id=${sales}&ids=${salesLead}&q=zzz`);
    expect(fits.data).toEqual([{ value: salesLead, label: "销售主管RW" }]);
    const outside = await get(`/api/org/positions/options?department_id=${plant}&ids=${salesLead}`);
    expect(outside.data.map((item: { value: number }) => item.value)).toEqual([operator]);
  });

  it("stays unnarrowed without the parameter (list filters, and the resource's own screens)", async () => {
    const { data } = await get("/api/org/positions/options");
    expect(data.map((item: { value: number }) => item.value)).toEqual(
      expect.arrayContaining([salesRep, salesLead, operator]),
    );
  });

  it("refuses columns no reference is narrowed by, here and on other resources, and values of the wrong type", async () => {
    for (const url of [
      "/api/org/positions/options?position_name=x",
      "/api/base/brands/options?brand_name=x",
      "/api/org/positions/options?department_id=abc",
      "/api/org/positions/options?department_id=0",
    ]) {
      const body = await get(url);
      expect(body.status_code, url).toBe(400);
      expect(body.code, url).toBe(40000);
    }
  });
});

describe("writes of a narrowed reference", () => {
  const account = (name: string, extra: Record<string, unknown>) => ({
    account_name: name,
    employee_name: name,
    ...extra,
  });

  it("create: refuses a position of another department, naming the field, and writes nothing", async () => {
    const before = await rows("employees");
    const body = await post(
      "/api/org/employees/add",
      account("rw_wrong", { department_id: plant, position_id: salesRep }),
    );
    expect(body.status_code).toBe(400);
    expect(body.code).toBe(40000);
    const why = `must be a positions record whose department_id equals this record's department_id (${plant}); positions ${salesRep} has department_id ${sales}`;
    expect(body.errors).toEqual({ position_id: why });
    expect(body.message).toBe(`position_id: ${why}`);
    expect(await rows("employees")).toEqual(before);
  });

  it("create: refuses a position without a department, and accepts a fitting pair or no position", async () => {
    const none = await post("/api/org/employees/add", account("rw_nodept", { position_id: salesRep }));
    expect(none.status_code).toBe(400);
    expect(none.errors?.position_id).toContain("department_id (empty)");
    expect(
      (await post("/api/org/employees/add", account("rw_right", { department_id: sales, position_id: salesRep }))).code,
    ).toBe(0);
    expect((await post("/api/org/employees/add", account("rw_noposition", { department_id: plant }))).code).toBe(0);
  });

  it("update: refuses changing only the department while the position stays, and a position alone that does not fit", async () => {
    const id = (
      await post("/api/org/employees/add", account("rw_move", { department_id: sales, position_id: salesLead }))
    ).data.id;
    const before = await rows("employees");
    const moved = await post("/api/org/employees/update", { id, department_id: plant });
    expect(moved.status_code).toBe(400);
    expect(moved.errors).toEqual({
      position_id: `must be a positions record whose department_id equals this record's department_id (${plant}); positions ${salesLead} has department_id ${sales}`,
    });
    const swapped = await post("/api/org/employees/update", { id, position_id: operator });
    expect(swapped.status_code).toBe(400);
    expect(Object.keys(swapped.errors ?? {})).toEqual(["position_id"]);
    expect(await rows("employees")).toEqual(before);
    // Both together are fine.
    expect(
      (await post("/api/org/employees/update", { id, department_id: plant, position_id: operator })).data,
    ).toMatchObject({
      department_id: plant,
      position_id: operator,
    });
  });

  it("update: a row that broke the rule before (its position moved since) keeps its other fields editable", async () => {
    const id = (
      await post("/api/org/employees/add", account("rw_legacy", { department_id: sales, position_id: salesRep }))
    ).data.id;
    expect((await post("/api/org/positions/update", { id: salesRep, department_id: plant })).code).toBe(0);
    expect(
      (
        await post("/api/org/employees/update", {
          id,
          employee_name: "改名RW",
          department_id: sales,
          position_id: salesRep,
        })
      ).code,
    ).toBe(0);
    expect((await post("/api/org/employees/update", { id, department_id: plant })).code).toBe(0); // now it fits again
    await post("/api/org/positions/update", { id: salesRep, department_id: sales });
  });
});

describe("seed", () => {
  it("gives every seeded account with a position one of its department's positions", async () => {
    const accounts = await app.consoleContext.store.all<{ department_id: number | null; position_id: number | null }>(
      "SELECT department_id, position_id FROM \"employees\" WHERE position_id IS NOT NULL AND account_name NOT LIKE 'rw_%'",
    );
    expect(accounts.length).toBeGreaterThan(5);
    for (const row of accounts) expect(await positionsOf(row.department_id ?? -1)).toContain(row.position_id);
  });
});
