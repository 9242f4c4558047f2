// A multi-value reference from a fixture manifest alone (tests/fixtures/generator/good/multi-ref):
// the generator declares its join table, types it as an array of ids and makes it a multi-select
// with an any-of filter; the mock server, given that contract, stores it, checks every id, filters
// by any of them and refuses to delete a record still held.
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../generator/index";
import type { ServerContract } from "../../schema/contract/server-contract";
import { fixtureContract } from "../../mock-server/test-fixtures/contract.fixture";
import { call, envelope, fixtureApp, login } from "../../mock-server/test-fixtures/test-app";
import { FIXTURES, manifestOf, PROJECT_ROOT } from "./fixtures";

const built = build({
  manifestPath: manifestOf("good", "multi-ref"),
  root: PROJECT_ROOT,
  overridesDir: join(FIXTURES, "good", "multi-ref", "overrides"),
  cwd: PROJECT_ROOT,
});
const files =
  "files" in built ? new Map(built.files.map((file) => [file.path, file.content])) : new Map<string, string>();
const contract = JSON.parse(files.get("mock-server/generated/contract.gen.json") ?? "{}") as ServerContract;
const carriers = contract.resources?.find((resource) => resource.name === "carriers");

describe("the generator, given a multi-value reference", () => {
  it("builds without problems", () => expect(built.problems).toEqual([]));

  it("declares the join tables and stores no column of their own", () => {
    const column = (name: string) => carriers?.columns.find((one) => one.name === name);
    expect(column("warehouse_ids")).toMatchObject({
      type: "integer",
      link: { table: "carriers_warehouse_ids", ref: "warehouses" },
      filter: "any",
    });
    expect(column("warehouse_ids")?.ref).toBeUndefined();
    expect(column("service_regions")).toMatchObject({ type: "string", link: { table: "carriers_service_regions" } });
  });

  it("types the field as an array of ids, and requires one at least when the field is required", () => {
    const types = files.get("src/api/generated/types/carriers.gen.ts") ?? "";
    expect(types).toContain("  warehouse_ids: number[];");
    expect(types).toContain("  service_regions?: string[] | null;");
    expect(carriers?.schemas.create.properties).toMatchObject({
      warehouse_ids: { type: "array", items: { type: "integer", minimum: 1 }, uniqueItems: true, minItems: 1 },
    });
  });

  it("makes the form control a multi-select of the referred resource, with an any-of filter", () => {
    const config = files.get("src/generated/configs/carriers.gen.ts") ?? "";
    expect(config).toMatch(
      /name: "warehouse_ids",[\s\S]*?filter: "any",[\s\S]*?multiple: true,[\s\S]*?resource: "warehouses"/,
    );
    expect(config).toMatch(
      /name: "service_regions",[\s\S]*?widget: "region",[\s\S]*?regionDepth: 2,[\s\S]*?multiple: true/,
    );
  });
});

describe("the mock server, given that contract", () => {
  let app: FastifyInstance;
  let admin: string;
  const post = (url: string, body: unknown) => call(app, { method: "POST", url, body, token: admin }).then(envelope);
  const get = (url: string) => call(app, { url, token: admin }).then(envelope);
  const warehouse = async (name: string) =>
    ((await post("/api/warehouses/add", { warehouse_name: name })).data as { id: number }).id;
  let [north, south, east] = [0, 0, 0];

  beforeAll(async () => {
    const merged: ServerContract = {
      ...fixtureContract,
      resources: [...fixtureContract.resources, ...contract.resources],
    };
    app = (await fixtureApp({ contract: merged })).app;
    admin = await login(app, "admin");
    [north, south, east] = [await warehouse("North"), await warehouse("South"), await warehouse("East")];
  }, 60_000);
  afterAll(() => app?.close());

  it("stores the ids in the order given and reads them back with their labels", async () => {
    const created = await post("/api/carriers/add", {
      carrier_name: "Both ways",
      warehouse_ids: [south, north],
      service_regions: ["320100", "110000"],
    });
    expect(created.code, created.message).toBe(0);
    expect(created.data).toMatchObject({
      warehouse_ids: [south, north],
      warehouse_ids_label: ["South", "North"],
      service_regions: ["320100", "110000"],
      service_regions_label: ["江苏省 南京市", "北京市"],
    });
  });

  it("refuses an id no record has, naming the field and the id, and writes nothing", async () => {
    const before = await app.consoleContext.store.all(`SELECT * FROM "carriers_warehouse_ids"`);
    const refused = await post("/api/carriers/add", { carrier_name: "Ghost", warehouse_ids: [north, 9999] });
    expect(refused.status_code).toBe(400);
    expect(refused.message).toBe("warehouse_ids: no warehouses record with id 9999");
    expect(await app.consoleContext.store.all(`SELECT * FROM "carriers" WHERE carrier_name = 'Ghost'`)).toEqual([]);
    expect(await app.consoleContext.store.all(`SELECT * FROM "carriers_warehouse_ids"`)).toEqual(before);
    const unknown = await post("/api/carriers/add", {
      carrier_name: "Nowhere",
      warehouse_ids: [north],
      service_regions: ["990000"],
    });
    expect(unknown.status_code).toBe(400);
    expect(unknown.message).toBe("service_regions: 990000 is not a region code of GB/T 2260");
    const empty = await post("/api/carriers/add", { carrier_name: "None", warehouse_ids: [] });
    expect(empty.status_code).toBe(400);
  });

  it("lists the records holding any of the values asked for", async () => {
    await post("/api/carriers/add", { carrier_name: "East only", warehouse_ids: [east] });
    const names = async (query: string) =>
      ((await get(`/api/carriers/pagelist?page=1&size=50&${query}`)).data as { list: { carrier_name: string }[] }).list
        .map((row) => row.carrier_name)
        .sort();
    expect(await names(`warehouse_ids=${north}`)).toEqual(["Both ways"]);
    expect(await names(`warehouse_ids=${north},${east}`)).toEqual(["Both ways", "East only"]);
    expect(await names("service_regions=110000")).toEqual(["Both ways"]);
    const bad = await get("/api/carriers/pagelist?page=1&size=50&warehouse_ids=1,x");
    expect(bad.status_code).toBe(400);
  });

  it("replaces the values on update, and refuses to delete a record an array still holds", async () => {
    const [row] = await app.consoleContext.store.all<{ id: number }>(
      `SELECT id FROM carriers WHERE carrier_name = 'East only'`,
    );
    const updated = await post("/api/carriers/update", { id: row.id, warehouse_ids: [south] });
    expect(updated.data).toMatchObject({ warehouse_ids: [south], service_regions: [] });
    const held = await post("/api/warehouses/delete", { id: east });
    expect(held.code, held.message).toBe(0);
    const refused = await post("/api/warehouses/delete", { id: south });
    expect(refused.status_code).toBe(409);
    expect(refused.message).toContain("carriers");
    expect((await post("/api/carriers/delete", { id: row.id })).code).toBe(0);
    expect(
      await app.consoleContext.store.all(`SELECT * FROM carriers_warehouse_ids WHERE owner_id = ?`, [row.id]),
    ).toEqual([]);
  });
});
