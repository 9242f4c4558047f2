// The seed: deterministic, every resource, valid values, real trees, the demo accounts.
import { describe, expect, it } from "vitest";
import { fixtureApp } from "../test-fixtures/test-app";
import { compileStrict } from "../http/validator-compilers";
import { seedOrder } from "./seed-database";
import { Catalog } from "../resources/catalog";
import { fixtureContract } from "../test-fixtures/contract.fixture";

const dump = async (options = {}) => {
  const { app } = await fixtureApp(options);
  const { store, catalog } = app.consoleContext;
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const info of catalog.entities)
    tables[info.table] = await store.all(`SELECT * FROM "${info.table}" ORDER BY id`);
  await app.close();
  return tables;
};

describe("seed", () => {
  it("is deterministic: same anchor, same rows", async () => {
    const [a, b] = [await dump(), await dump()];
    for (const table of ["products", "departments", "consumer_scans", "dealers"]) expect(a[table]).toEqual(b[table]);
  });

  it("fills every resource with seedRows rows, and scales", async () => {
    const tables = await dump({ seedScale: 2 });
    for (const resource of fixtureContract.resources) {
      if (resource.kind === "report" || resource.name === "menu_buttons") continue;
      const extra = ["roles", "positions", "position_roles", "employees"].includes(resource.name) ? 2 : 0; // demo accounts
      const expected = resource.singleton ? 1 : resource.seedRows * 2 + extra;
      expect(tables[resource.table], resource.name).toHaveLength(expected);
    }
  });

  it("writes values the resource's own schema accepts", async () => {
    const tables = await dump();
    for (const resource of fixtureContract.resources) {
      if (resource.kind === "report") continue;
      const properties = resource.schemas.record.properties as Record<string, object>;
      for (const [name, schema] of Object.entries(properties)) {
        const column = resource.columns.find((item) => item.name === name)!;
        if (column.type === "boolean") continue; // stored as 0/1
        const valid = compileStrict(schema);
        for (const row of tables[resource.table]) {
          if (row[name] === null) continue;
          expect(valid(row[name]), `${resource.name}.${name} = ${JSON.stringify(row[name])}`).toBe(true);
        }
      }
    }
  });

  it("mirrors the manifest's buttons into the button resource", async () => {
    const tables = await dump();
    const codes = (tables.menu_buttons as { menu_button_code: string }[]).map((row) => row.menu_button_code);
    expect(codes).toContain("productlist_add");
    expect(codes).toContain("readycreate_generate");
  });

  it("builds departments as a real tree with Chinese names", async () => {
    const rows = (await dump()).departments as { id: number; parent_id: number | null; depart_name: string }[];
    expect(rows.filter((row) => row.parent_id === null).length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((row) => row.parent_id !== null).length).toBeGreaterThanOrEqual(1);
    expect(rows.every((row) => /[\u4e00-\u9fa5]/.test(row.depart_name))).toBe(true);
  });

  it("orders tables so that refs point at seeded rows", () => {
    const order = seedOrder(new Catalog(fixtureContract).entities).map((info) => info.resource.name);
    expect(order.indexOf("brands")).toBeLessThan(order.indexOf("products"));
    expect(order.indexOf("products")).toBeLessThan(order.indexOf("code_orders"));
    expect(order.indexOf("code_orders")).toBeLessThan(order.indexOf("trace_codes"));
  });
});
