// The types resources' columns are declared with on each engine, read from the database's own
// catalog, and the API's values through them: a flag written true or false through the API reads
// back, filters and lists as it did when PostgreSQL kept it as an integer (rows through JSONB:
// domain/codes/check-code-rule.test.ts and the generated clients' contract test); a time reads
// back as the text it was written as, and a list filters and pages by it, the same on both engines.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { ContractColumn } from "../../schema/contract/server-contract";
import { contract } from "../generated/contract.gen";
import { Catalog } from "../resources/catalog";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";
import { testDatabase } from "../test-fixtures/test-database";
import { migrateResources } from "./migrate-resources";
import { PARTITIONED_RESOURCES } from "./partitions/growing-tables";
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

it("declares the date-times of every table but the partitioned ones TIMESTAMPTZ on PostgreSQL, TEXT on SQLite", async () => {
  const store = openStore(await testDatabase());
  try {
    const catalog = new Catalog(contract);
    await migrateResources(store, catalog);
    const postgres = store.engineName === "postgres";
    const times = catalog.entities.flatMap((info) =>
      info.stored
        .filter((column) => column.format === "date-time")
        .map((column) => ({ info, column, partitioned: Object.hasOwn(PARTITIONED_RESOURCES, info.resource.name) })),
    );
    expect(times.filter(({ partitioned }) => partitioned).length).toBeGreaterThan(0);
    expect(times.filter(({ column }) => !column.stamp && !column.system).length).toBeGreaterThan(0);
    for (const { info, column, partitioned } of times)
      expect(await columnType(store, info.table, column.name), `${info.table}.${column.name}`).toBe(
        postgres && !partitioned ? "timestamp with time zone" : "text",
      );
  } finally {
    await store.close();
  }
});

it("reads a time back as it was written, and lists, filters and pages by it as on SQLite", async () => {
  const { store } = app.consoleContext;
  const ids = (await store.all<{ id: number }>('SELECT id FROM "products" ORDER BY id LIMIT 4')).map((row) => row.id);
  expect(ids).toHaveLength(4);
  // To the second as the API writes times; one written with milliseconds (by SQL) keeps them.
  const times = ["2026-11-26T21:30:01Z", "2026-11-26T21:30:02Z", "2026-11-26T21:40:00.345Z", "2026-11-26T21:30:03Z"];
  for (const [index, id] of ids.entries())
    await store.run('UPDATE "products" SET created_at = ? WHERE id = ?', [times[index], id]);
  const stored = await store.all<{ created_at: string }>(
    'SELECT created_at FROM "products" WHERE id IN (?, ?, ?, ?) ORDER BY id',
    ids,
  );
  expect(stored.map((row) => row.created_at)).toEqual(times);
  const detail = envelope(await call(app, { url: `/api/base/products/detail?id=${ids[2]}`, token })).data;
  expect(detail.created_at).toBe(times[2]);

  const listed = async (query: Record<string, string>) =>
    (
      envelope(await call(app, { url: "/api/base/products/pagelist", token, query: { size: "2", ...query } })).data as {
        list: { id: number; created_at: string }[];
      }
    ).list.map((row) => row.id);
  // Bounds bound as text compare with the column as instants on PostgreSQL, as text on SQLite.
  const range = { created_at_from: "2026-11-26T21:30:01Z", created_at_to: "2026-11-26T21:30:03Z" };
  expect(await listed({ ...range, created_at_from: "2026-11-26T21:30:02Z", sort: "created_at" })).toEqual([
    ids[1],
    ids[3],
  ]);
  // In time order, page after page: a page goes on from the last row of the one before by its time (seek-sql.ts).
  expect(await listed({ ...range, sort: "-created_at", page: "1" })).toEqual([ids[3], ids[1]]);
  expect(await listed({ ...range, sort: "-created_at", page: "2" })).toEqual([ids[0]]);
});

it("stores a date-time sent with an offset or a fraction as the UTC text of its second, on both engines", async () => {
  const { store } = app.consoleContext;
  const made = envelope(
    await post("/api/query/scans/add", {
      code: "TIME-1",
      result: "genuine",
      scanned_at: "2026-11-27T05:30:02.750+08:00",
    }),
  );
  expect(made.data).toMatchObject({ scanned_at: "2026-11-26T21:30:02Z" });
  const row = await store.get<{ scanned_at: string }>('SELECT scanned_at FROM "consumer_scans" WHERE id = ?', [
    made.data.id as number,
  ]);
  expect(row).toEqual({ scanned_at: "2026-11-26T21:30:02Z" });
});
