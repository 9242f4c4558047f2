// A deep page of a list on a file database is read on the pool and is the page OFFSET reads
// inline; while a long read runs on the pool, a cheap signed-in call is answered.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";
import { DEEP_OFFSET } from "./deep-read";
import { ReadPool } from "../db/read-pool";

const dir = mkdtempSync(join(tmpdir(), "deep-read-"));
const ROWS = 2 * DEEP_OFFSET;
let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  ({ app } = await fixtureApp({ dbFile: join(dir, "console.db") }));
  token = await login(app, "admin");
  const { store } = app.consoleContext;
  await store.transaction(async () => {
    for (let i = 0; i < ROWS; i += 1)
      await store.run(
        'INSERT INTO "products" ("product_code", "product_name", "price", "status") VALUES (?, ?, ?, ?)',
        [`DEEP-${i}`, `deep ${i % 97}`, i % 501, i % 3 ? "on_sale" : "draft"],
      );
  });
  store.bump("products", ROWS);
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const list = (query: string) => call(app, { url: `/api/base/products/pagelist${query}`, token }).then(envelope);
const inline = async (sql: string) => (await app.consoleContext.store.all<{ id: number }>(sql)).map((row) => row.id);

it("reads a page past DEEP_OFFSET on the pool and answers what OFFSET answers inline", async () => {
  const pool = app.consoleContext.store.pool!;
  const read = vi.spyOn(pool, "all");
  const page = Math.floor(DEEP_OFFSET / 10) + 50;
  const body = await list(`?page=${page}&size=10&sort=price,-product_name&status=on_sale`);
  expect(read).toHaveBeenCalledTimes(2); // the page, and the filter's first count
  expect(body.data.list.map((row: { id: number }) => row.id)).toEqual(
    await inline(
      `SELECT id FROM "products" WHERE "status" = 'on_sale' ORDER BY "price" ASC, "product_name" DESC, "id" DESC LIMIT 10 OFFSET ${(page - 1) * 10}`,
    ),
  );
  expect(body.data.total).toBe((await inline(`SELECT id FROM "products" WHERE "status" = 'on_sale'`)).length);
  // A first page stays inline: the hop would cost more than the read.
  await list("?page=2&size=10");
  expect(read).toHaveBeenCalledTimes(2);
  read.mockRestore();
});

it("answers a cheap signed-in call while a long read runs on the pool", async () => {
  const order: string[] = [];
  const slow = app.consoleContext.store
    .pool!.all(
      "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000000) SELECT COUNT(*) AS n FROM c",
    )
    .then(() => order.push("slow"));
  const cheap = call(app, { url: "/api/base/brands/pagelist?page=1&size=5", token }).then((response) => {
    order.push("cheap");
    return envelope(response);
  });
  expect((await cheap).data.total).toBe(5);
  await slow;
  expect(order).toEqual(["cheap", "slow"]);
});

it("seeks a deep page from its anchors once they are laid: inline, and the rows OFFSET reads", async () => {
  const pool = app.consoleContext.store.pool!;
  const query = `?page=${Math.floor(DEEP_OFFSET / 10) + 70}&size=10&sort=-price&status=on_sale`;
  const first = await list(query); // on the pool; lays the anchors of this filter and sort
  await app.consoleContext.lists.anchors!.settled();
  const read = vi.spyOn(pool, "all");
  const again = await list(query);
  expect(read).not.toHaveBeenCalled();
  expect(again.data.list).toEqual(first.data.list);
  read.mockRestore();
});

it("answers a page past the last with no rows and the exact total, reading nothing", async () => {
  const { store } = app.consoleContext;
  const read = vi.spyOn(store, "all");
  const pooled = vi.spyOn(store.pool!, "all");
  const body = await list("?page=100000&size=20");
  expect(body.data.list).toEqual([]);
  expect(body.data.total).toBe((await inline('SELECT id FROM "products"')).length);
  expect(read.mock.calls.filter(([sql]) => sql.includes("LIMIT"))).toEqual([]);
  expect(pooled).not.toHaveBeenCalled();
  read.mockRestore();
  pooled.mockRestore();
});

it("counts and reads a contains filter on the pool, keeps its total, and keeps it exact across writes", async () => {
  const { store, lists } = app.consoleContext;
  const pool = store.pool!;
  const read = vi.spyOn(pool, "all");
  const body = await list("?page=2&size=10&product_name=deep%201");
  expect(read).toHaveBeenCalledTimes(2); // the page and the count, both off the event loop
  const matching = await inline(`SELECT id FROM "products" WHERE "product_name" LIKE '%deep 1%' ORDER BY id DESC`);
  expect(body.data.total).toBe(matching.length);
  expect(body.data.list.map((row: { id: number }) => row.id)).toEqual(matching.slice(10, 20));
  // Kept: the next call reads its page on the pool but does not count again.
  await list("?page=3&size=10&product_name=deep%201");
  expect(read).toHaveBeenCalledTimes(3);
  // A one-row write adjusts the kept total as it adjusts any other.
  const created = await call(app, {
    method: "POST",
    url: "/api/base/products/add",
    token,
    body: { product_code: "DEEP-NEW", product_name: "deep 1 new", price: 1, status: "draft" },
  }).then(envelope);
  expect(created.status_code).toBe(200);
  expect((await list("?page=1&size=10&product_name=deep%201")).data.total).toBe(matching.length + 1);
  expect(read).toHaveBeenCalledTimes(4);
  // A write while the count runs: the count answers its call but is not kept.
  const info = app.consoleContext.catalog.info("products");
  const onPool = ReadPool.prototype.all.bind(pool);
  read.mockImplementation((sql, params) => {
    if (sql.includes("COUNT(*)")) store.bump("products", 0);
    return onPool(sql, params);
  });
  const page = await lists.list(info, lists.parse(info, { page: 1, size: 10, product_name: "deep 2" }), true);
  read.mockImplementation(onPool);
  expect(page.total).toBe((await inline(`SELECT id FROM "products" WHERE "product_name" LIKE '%deep 2%'`)).length);
  // Not kept: the next call counts again (its page and its count on the pool).
  read.mockClear();
  await list("?page=1&size=10&product_name=deep%202");
  expect(read).toHaveBeenCalledTimes(2);
  read.mockRestore();
});

it("counts an indexed filter's first total on the pool and reads its page inline; the kept total then serves", async () => {
  const pool = app.consoleContext.store.pool!;
  const read = vi.spyOn(pool, "all");
  try {
    const body = await list("?page=2&size=10&status=draft");
    expect(read).toHaveBeenCalledTimes(1); // the count; the page comes off the status index inline
    expect(read.mock.calls[0][0]).toContain("COUNT(*)");
    const matching = await inline(`SELECT id FROM "products" WHERE "status" = 'draft' ORDER BY id DESC`);
    expect(body.data.total).toBe(matching.length);
    expect(body.data.list.map((row: { id: number }) => row.id)).toEqual(matching.slice(10, 20));
    await list("?page=3&size=10&status=draft");
    expect(read).toHaveBeenCalledTimes(1); // kept: not counted again
  } finally {
    read.mockRestore();
  }
});
