// The list query protocol: page, size, sort, declared filters only; exact totals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";

let app: FastifyInstance;
let token: string;
const list = (query: string) => call(app, { url: `/api/base/products/pagelist${query}`, token }).then(envelope);
const count = async (where = "", params: unknown[] = []) =>
  (await app.consoleContext.store.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM "products" ${where}`,
    params as never[],
  ))!.n;

beforeAll(async () => {
  ({ app } = await fixtureApp());
  token = await login(app, "admin");
  const add = (body: object) => call(app, { method: "POST", url: "/api/base/products/add", token, body });
  await add({ product_code: "LIKE-1", product_name: "100%纯果汁", price: 10 });
  await add({ product_code: "LIKE-2", product_name: "1000纯果汁", price: 20 });
  await add({ product_code: "LIKE-3", product_name: "a_b饮料", price: 30, launched_on: "2024-01-15" });
  await add({ product_code: "LIKE-4", product_name: "axb饮料", price: 40, launched_on: "2024-02-15" });
  await add({ product_code: "LIKE-5", product_name: "Mixed Case Tea", price: 50 });
});
afterAll(() => app.close());

describe("paging", () => {
  it("defaults to page 1, size 10, newest first, with the exact total", async () => {
    const { data } = await list("");
    expect(data).toMatchObject({ page: 1, size: 10, total: await count() });
    expect(data.list).toHaveLength(10);
    const ids = data.list.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("serves a deep page", async () => {
    const { data } = await list("?page=3&size=7");
    const expected = (
      await app.consoleContext.store.all<{ id: number }>('SELECT id FROM "products" ORDER BY id DESC LIMIT 7 OFFSET 14')
    ).map((row) => row.id);
    expect(data.list.map((row: { id: number }) => row.id)).toEqual(expected);
  });

  it("refuses size over 100 and page 0", async () => {
    expect(await list("?size=101")).toMatchObject({ status_code: 400, message: "size: must be at most 100" });
    expect(await list("?page=0")).toMatchObject({ status_code: 400, message: "page: must be at least 1" });
  });

  it("keeps the total exact after a write (the cached count is dropped)", async () => {
    const before = (await list("")).data.total;
    await call(app, {
      method: "POST",
      url: "/api/base/products/add",
      token,
      body: { product_code: "COUNT-1", product_name: "n" },
    });
    expect((await list("")).data.total).toBe(before + 1);
  });
});

describe("sorting", () => {
  it("sorts by sortable fields, several and descending", async () => {
    const { data } = await list("?sort=-price,product_name&size=100&price_from=0");
    const prices = data.list.map((row: { price: number }) => row.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("refuses a field that is not sortable", async () => {
    expect(await list("?sort=brand_id")).toMatchObject({
      status_code: 400,
      code: 40000,
      message: 'sort: field "brand_id" is not sortable',
    });
  });

  it("refuses an injected sort expression", async () => {
    expect((await list("?sort=price;DROP TABLE products")).status_code).toBe(400);
    expect(await count()).toBeGreaterThan(0);
  });
});

describe("filters", () => {
  it("contains matches % and _ literally", async () => {
    const percent = await list(`?product_name=${encodeURIComponent("100%")}`);
    expect(percent.data.list.map((row: { product_code: string }) => row.product_code)).toEqual(["LIKE-1"]);
    const underscore = await list(`?product_name=${encodeURIComponent("a_b")}`);
    expect(underscore.data.list.map((row: { product_code: string }) => row.product_code)).toEqual(["LIKE-3"]);
  });

  it("contains ignores ASCII case on every engine (PostgreSQL's LIKE would not)", async () => {
    for (const text of ["mixed case", "MIXED CASE", "Mixed Case"]) {
      const found = await list(`?product_name=${encodeURIComponent(text)}`);
      expect(found.data.list.map((row: { product_code: string }) => row.product_code)).toEqual(["LIKE-5"]);
      expect(found.data.total).toBe(1);
    }
  });

  it("eq on a string, an enum and a boolean", async () => {
    expect((await list("?product_code=LIKE-2")).data.total).toBe(1);
    const onSale = await list("?on_sale=true&size=100");
    expect(onSale.data.total).toBe(await count("WHERE on_sale = TRUE"));
    expect(onSale.data.list.every((row: { on_sale: boolean }) => row.on_sale === true)).toBe(true);
    expect(await list("?status=unknown")).toMatchObject({ status_code: 400 });
  });

  it("range with _from and _to, a date-only bound covering the day", async () => {
    const { data } = await list("?launched_on_from=2024-01-01&launched_on_to=2024-01-31&product_code=LIKE-3");
    expect(data.total).toBe(1);
    const price = await list("?price_from=15&price_to=35&product_name=" + encodeURIComponent("纯果汁"));
    expect(price.data.list.map((row: { product_code: string }) => row.product_code)).toEqual(["LIKE-2"]);
  });

  it("refuses a parameter the resource does not declare, naming it", async () => {
    expect(await list("?brand_name=x")).toMatchObject({
      status_code: 400,
      code: 40000,
      message: "brand_name: unknown parameter",
    });
    expect(await list("?price=10")).toMatchObject({ message: "price: unknown parameter" }); // range fields filter by _from/_to
  });
});

describe("other list shapes", () => {
  it("a POST list takes the same keys in its body", async () => {
    const body = envelope(
      await call(app, { method: "POST", url: "/api/org/positions/list", token, body: { page: 1, size: 2 } }),
    );
    expect(body.data).toMatchObject({ page: 1, size: 2 });
    expect(body.data.list).toHaveLength(2);
    const bad = envelope(await call(app, { method: "POST", url: "/api/org/positions/list", token, body: { nope: 1 } }));
    expect(bad.message).toBe("nope: unknown field");
  });

  it("an unpaged list returns every matching row as {list, total}", async () => {
    const body = envelope(await call(app, { url: "/api/org/enterprisedepart/list", token }));
    const total = (await app.consoleContext.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM "departments"'))!.n;
    expect(Object.keys(body.data).sort()).toEqual(["list", "total"]);
    expect(body.data.list).toHaveLength(total);
  });

  it("labels every ref column", async () => {
    const body = envelope(await call(app, { url: "/api/org/employees/pagelist?size=100", token }));
    const row = body.data.list.find((item: { department_id: number | null }) => item.department_id !== null);
    const name = (await app.consoleContext.store.get<{ n: string }>(
      'SELECT depart_name AS n FROM "departments" WHERE id = ?',
      [row.department_id],
    ))!.n;
    expect(row.department_id_label).toBe(name);
    expect("position_id_label" in row).toBe(true);
  });

  it("never returns password fields", async () => {
    const body = envelope(await call(app, { url: "/api/org/employees/pagelist?size=100", token }));
    expect(body.data.list.some((row: object) => "account_password" in row)).toBe(false);
    expect(JSON.stringify(body)).not.toContain("scrypt$");
  });
});
