// The types resources' columns are declared with on each engine, read from the database's own
// catalog, and the API's values through them: a flag written true or false through the API reads
// back, filters and lists as it did when PostgreSQL kept it as an integer (rows through JSONB:
// domain/codes/check-code-rule.test.ts and the generated clients' contract test).
import { afterAll, beforeAll, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { ContractColumn } from "../../schema/contract/server-contract";
import { contract } from "../generated/contract.gen";
import { Catalog } from "../resources/catalog";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";
import { testDatabase } from "../test-fixtures/test-database";
import { migrateResources } from "./migrate-resources";
import { columnType } from "./schema-catalog";
import { openStore } from "./store";

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  ({ app } = await fixtureApp());
  token = await login(app, "admin");
});
afterAll(() => app.close());

const post = (url: string, body: unknown) => call(app, { method: "POST", url, token, body });

it("declares the manifest's flags boolean and its rows JSONB on PostgreSQL, INTEGER and TEXT on SQLite", async () => {
  const store = openStore(await testDatabase());
  try {
    const catalog = new Catalog(contract);
    await migrateResources(store, catalog);
    const expected = (column: ContractColumn) =>
      store.engineName === "postgres" ? (column.json ? "jsonb" : "boolean") : column.json ? "text" : "integer";
    const typed = catalog.entities.flatMap((info) =>
      info.stored
        .filter((column) => column.type === "boolean" || column.json)
        .map((column) => ({ table: info.table, column })),
    );
    expect(typed.filter(({ column }) => column.json).length).toBeGreaterThan(0);
    expect(typed.filter(({ column }) => !column.json).length).toBeGreaterThan(0);
    for (const { table, column } of typed)
      expect(await columnType(store, table, column.name), `${table}.${column.name}`).toBe(expected(column));
  } finally {
    await store.close();
  }
});

it("answers a flag as the API wrote it, filters on it, and reads it from the table as 1 and 0", async () => {
  const { store } = app.consoleContext;
  const brand = (await store.get<{ id: number }>('SELECT id FROM "brands" LIMIT 1'))!;
  const made = envelope(
    await post("/api/base/products/add", {
      product_code: "FLAG-1",
      product_name: "标记",
      brand_id: brand.id,
      on_sale: true,
    }),
  );
  expect(made.data).toMatchObject({ product_code: "FLAG-1", on_sale: true });
  const id = made.data.id as number;
  const detail = async () => envelope(await call(app, { url: `/api/base/products/detail?id=${id}`, token })).data;
  const stored = async () =>
    (await store.get<{ on_sale: unknown }>('SELECT on_sale FROM "products" WHERE id = ?', [id]))!;
  expect((await detail()).on_sale).toBe(true);
  expect(await stored()).toEqual({ on_sale: 1 });

  expect(envelope(await post("/api/base/products/update", { id, on_sale: false })).data).toMatchObject({
    on_sale: false,
  });
  expect((await detail()).on_sale).toBe(false);
  expect(await stored()).toEqual({ on_sale: 0 });

  const listed = async (onSale: string) =>
    (
      envelope(
        await call(app, {
          url: "/api/base/products/pagelist",
          token,
          query: { product_code: "FLAG-1", on_sale: onSale },
        }),
      ).data as { list: { id: number; on_sale: boolean }[] }
    ).list.map((row) => [row.id, row.on_sale]);
  expect(await listed("false")).toEqual([[id, false]]);
  expect(await listed("true")).toEqual([]);
});
