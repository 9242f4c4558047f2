// A generated resource's full CRUD through its contract endpoints, and each rejection; a refused
// write leaves every table exactly as it was.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";
import { labelsOf } from "./row-codec";
import { tableNames } from "../db/schema-catalog";
import { testEngine } from "../test-fixtures/test-database";

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  ({ app } = await fixtureApp());
  token = await login(app, "admin");
});
afterAll(() => app.close());

const post = (url: string, body: unknown) => call(app, { method: "POST", url, token, body });

/** Every table of the database, row by row (sorted: some have no rowid): a refusal must leave all of them as they were. */
async function snapshot(): Promise<Record<string, string[]>> {
  const { store } = app.consoleContext;
  const rows: Record<string, string[]> = {};
  for (const name of await tableNames(store)) {
    const all = await store.all(`SELECT * FROM "${name.replace(/"/g, '""')}"`);
    rows[name] = all.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

/** Makes the write, checks that no table changed, and gives its envelope. */
async function refused(write: Promise<Awaited<ReturnType<typeof post>>>): Promise<ReturnType<typeof envelope>> {
  const before = await snapshot();
  const body = envelope(await write);
  expect(body.status_code, body.message).toBeGreaterThanOrEqual(400);
  expect(await snapshot()).toEqual(before);
  return body;
}

describe("products CRUD", () => {
  let id: number;
  const brandId = async () =>
    (await app.consoleContext.store.get<{ id: number; brand_name: string }>(
      'SELECT id, brand_name FROM "brands" LIMIT 1',
    ))!;

  it("creates and answers the created record with labels", async () => {
    const brand = await brandId();
    const body = envelope(
      await post("/api/base/products/add", {
        product_code: "CRUD-1",
        product_name: "五谷香纯牛奶",
        brand_id: brand.id,
        price: 12.5,
        on_sale: true,
        launched_on: "2024-05-01",
      }),
    );
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      product_code: "CRUD-1",
      brand_id: brand.id,
      brand_id_label: brand.brand_name,
      price: 12.5,
      on_sale: true,
      status: null,
    });
    expect(body.data.created_at).toBe("2024-06-01T10:00:00Z");
    id = body.data.id;
  });

  it("reads it by id", async () => {
    const body = envelope(await call(app, { url: `/api/base/products/detail?id=${id}`, token }));
    expect(body.data).toMatchObject({ id, product_name: "五谷香纯牛奶", on_sale: true });
  });

  it("updates only the fields sent and answers the updated record", async () => {
    const body = envelope(await post("/api/base/products/update", { id, price: 13, on_sale: false }));
    expect(body.data).toMatchObject({ id, price: 13, on_sale: false, product_name: "五谷香纯牛奶" });
  });

  it("finds it in the list", async () => {
    const body = envelope(await call(app, { url: "/api/base/products/pagelist?product_code=CRUD-1", token }));
    expect(body.data).toMatchObject({ total: 1, page: 1, size: 10 });
    expect(body.data.list[0].id).toBe(id);
  });

  it("deletes it and answers {id}", async () => {
    expect(envelope(await post("/api/base/products/delete", { id })).data).toEqual({ id });
    expect(envelope(await call(app, { url: `/api/base/products/detail?id=${id}`, token })).code).toBe(40400);
  });
});

describe("labels of referenced rows (kept per table until its next write)", () => {
  const productOf = async (brandId: number) =>
    envelope(
      await post("/api/base/products/add", {
        product_code: `LABEL-${brandId}-${Date.now()}`,
        product_name: "label",
        brand_id: brandId,
      }),
    ).data as { id: number };
  const detail = async (id: number) =>
    envelope(await call(app, { url: `/api/base/products/detail?id=${id}`, token })).data as { brand_id_label: string };

  it("a renamed brand shows its new name on the product at once", async () => {
    const brand = (await app.consoleContext.store.get<{ id: number; brand_name: string }>(
      'SELECT id, brand_name FROM "brands" LIMIT 1',
    ))!;
    const product = await productOf(brand.id);
    expect((await detail(product.id)).brand_id_label).toBe(brand.brand_name);
    expect(
      envelope(await post("/api/base/brands/update", { id: brand.id, brand_name: `${brand.brand_name}（新）` })).code,
    ).toBe(0);
    expect((await detail(product.id)).brand_id_label).toBe(`${brand.brand_name}（新）`);
  });

  it("a label read inside a transaction that rolls back is not kept", async () => {
    const { store, catalog } = app.consoleContext;
    const brand = (await store.get<{ id: number; brand_name: string }>('SELECT id, brand_name FROM "brands" LIMIT 1'))!;
    const product = await productOf(brand.id);
    await expect(
      store.transaction(async () => {
        await store.rowWrite("brands", brand.id, async () => {
          await store.run('UPDATE "brands" SET "brand_name" = ? WHERE "id" = ?', ["never committed", brand.id]);
          return brand.id;
        });
        expect((await labelsOf(store, catalog.find("brands")!, [brand.id])).get(brand.id)).toBe("never committed");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await detail(product.id)).brand_id_label).toBe(brand.brand_name);
  });

  it("a read by id whose labels are kept is answered at once on SQLite (no record() call), with the same record", async () => {
    // PostgreSQL answers over the network: every read by id goes through record().
    const atOnce = testEngine() === "sqlite";
    const { store, records } = app.consoleContext;
    const brand = (await store.get<{ id: number }>('SELECT id FROM "brands" LIMIT 1'))!;
    const product = await productOf(brand.id);
    const read = vi.spyOn(records, "record");
    try {
      await post("/api/base/brands/update", { id: brand.id, brand_name: "renamed for the labels' version" });
      const first = await detail(product.id); // the brand's label is not kept since the write: record() reads it
      expect(read).toHaveBeenCalledTimes(1);
      const second = await detail(product.id);
      expect(read).toHaveBeenCalledTimes(atOnce ? 1 : 2);
      expect(second).toEqual(first);
      expect(second.brand_id_label).toBe("renamed for the labels' version");
      expect(envelope(await call(app, { url: "/api/base/products/detail?id=987654", token })).code).toBe(40400);
    } finally {
      read.mockRestore();
    }
  });
});

describe("server-owned fields on create", () => {
  it("one with no default and no stamp stays null: the server makes no value up (a counter is not 0, a level not its first value)", async () => {
    const body = envelope(await post("/api/tagging/codes/add", { code: "OWNED-1" }));
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ code: "OWNED-1", scan_count: null, first_scan_at: null });
  });
});

describe("rejections", () => {
  it("a duplicate unique key: 409 40900 naming the field", async () => {
    await post("/api/base/products/add", { product_code: "DUP-1", product_name: "a" });
    const body = await refused(post("/api/base/products/add", { product_code: "DUP-1", product_name: "b" }));
    expect(body).toMatchObject({ status_code: 409, code: 40900, errors: { product_code: "already exists" } });
    expect(body.message).toContain("product_code");
  });

  it("a duplicate through update too", async () => {
    const other = envelope(await post("/api/base/products/add", { product_code: "DUP-2", product_name: "c" })).data;
    expect((await refused(post("/api/base/products/update", { id: other.id, product_code: "DUP-1" }))).code).toBe(
      40900,
    );
  });

  it("a ref to a missing record: 400 naming the field", async () => {
    const body = await refused(
      post("/api/base/products/add", { product_code: "REF-1", product_name: "a", brand_id: 999999 }),
    );
    expect(body).toMatchObject({ status_code: 400, code: 40000, message: "brand_id: no brands record with id 999999" });
  });

  it("a non-existent id: 404 40400", async () => {
    expect(envelope(await call(app, { url: "/api/base/products/detail?id=999999", token }))).toMatchObject({
      status_code: 404,
      code: 40400,
    });
    expect((await refused(post("/api/base/products/update", { id: 999999, price: 1 }))).code).toBe(40400);
    expect((await refused(post("/api/base/products/delete", { id: 999999 }))).code).toBe(40400);
  });

  it("a malformed id: 400", async () => {
    expect(envelope(await call(app, { url: "/api/base/products/detail?id=abc", token }))).toMatchObject({
      status_code: 400,
      message: "id: must be integer",
    });
    expect(envelope(await call(app, { url: "/api/base/products/detail", token })).message).toBe("id: is required");
  });

  it("delete of a referenced row: 409 40901", async () => {
    const brand = envelope(await post("/api/base/brands/add", { brand_name: "被引用品牌" })).data;
    await post("/api/base/products/add", { product_code: "USE-1", product_name: "a", brand_id: brand.id });
    const body = await refused(post("/api/base/brands/delete", { id: brand.id }));
    expect(body).toMatchObject({ status_code: 409, code: 40901 });
    expect(body.message).toBe(`Cannot delete brands ${brand.id}: it is still used by 1 products record(s) (brand_id)`);
  });
});

describe("singleton (enterprise)", () => {
  it("reads without an id and updates without one", async () => {
    const before = envelope(await call(app, { url: "/api/org/enterpriseaccount/geticp", token })).data;
    expect(before.enterprise_code).toBe("E0001");
    const after = envelope(
      await post("/api/org/enterpriseaccount/updateicp", { icp_record: "京ICP备12345678号" }),
    ).data;
    expect(after).toMatchObject({ id: before.id, icp_record: "京ICP备12345678号", enterprise_code: "E0001" });
  });
});

describe("tree resources (departments)", () => {
  it("refuses to make a department its own ancestor", async () => {
    const root = envelope(
      await post("/api/org/enterprisedepart/add", { depart_code: "T-ROOT", depart_name: "根" }),
    ).data;
    const child = envelope(
      await post("/api/org/enterprisedepart/add", { depart_code: "T-CHILD", depart_name: "子", parent_id: root.id }),
    ).data;
    const body = await refused(post("/api/org/enterprisedepart/update", { id: root.id, parent_id: child.id }));
    expect(body).toMatchObject({ status_code: 400, message: "parent_id: a record cannot be its own ancestor" });
  });
});
