// GET /api/public/scan: no token, counts the query, records it for 消费者查询记录, and tells
// the public only what public-product.ts lists.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { call, envelope, fixtureApp } from "../test-fixtures/test-app";
import { PUBLIC_SCAN_PER_MINUTE } from "./consumer-scan";
import { indexNames } from "../db/schema-catalog";

let app: FastifyInstance;
beforeAll(async () => ({ app } = await fixtureApp()));
afterAll(() => app.close());

const scan = (code: string) => call(app, { url: "/api/public/scan", query: { code } }).then(envelope);
const scans = async (code: string) =>
  await app.consoleContext.store.all<{ result: string }>(
    'SELECT result FROM "consumer_scans" WHERE code = ? ORDER BY id',
    [code],
  );
const unscanned = async () =>
  (await app.consoleContext.store.get<{ code: string; product_id: number }>(
    // The fixture's codes have no status: they scan as shipped ones (scan-verdict.test.ts has every state).
    'SELECT code, product_id FROM "trace_codes" WHERE product_id IS NOT NULL AND (scan_count IS NULL OR scan_count = 0) ORDER BY id LIMIT 1',
  ))!;

const PUBLIC_PRODUCT_KEYS = [
  "barcode",
  "batch_no",
  "brand_name",
  "expiry_date",
  "image",
  "manufacturer",
  "manufacturer_address",
  "product_name",
  "production_date",
  "shelf_life_days",
  "spec",
  "unit_name",
];

describe("public scan", () => {
  it("answers genuine first, then repeated with the query number, and records each query", async () => {
    const code = await unscanned();
    const first = await scan(code.code);
    expect(first).toMatchObject({ status_code: 200, data: { code: code.code, result: "genuine", scan_index: 1 } });
    const second = await scan(code.code);
    expect(second.data).toMatchObject({ result: "repeated", scan_index: 2, first_scan_at: first.data.first_scan_at });
    expect((await scans(code.code)).map((row) => row.result)).toEqual(["genuine", "repeated"]);
    const recorded = await app.consoleContext.store.get<{ product_id: number }>(
      'SELECT product_id FROM "consumer_scans" WHERE code = ? LIMIT 1',
      [code.code],
    );
    expect(recorded?.product_id).toBe(code.product_id);
  });

  it("writes only the code's counters, which carry no index, and keeps its audit time", async () => {
    const code = await unscanned();
    const row = async () =>
      (await app.consoleContext.store.get<{
        scan_count: number;
        first_scan_at: string | null;
        updated_at: string | null;
      }>('SELECT scan_count, first_scan_at, updated_at FROM "trace_codes" WHERE code = ?', [code.code]))!;
    const before = await row();
    const { data } = await scan(code.code);
    expect(await row()).toEqual({ scan_count: 1, first_scan_at: data.first_scan_at, updated_at: before.updated_at });
    const indexes = await indexNames(app.consoleContext.store, "trace_codes");
    expect(indexes).not.toContain("ix_trace_codes_scan_count");
    expect(indexes).not.toContain("ix_trace_codes_first_scan_at");
  });

  it("shows the product by the explicit public list: names, not ids, and no internal field", async () => {
    const code = await unscanned();
    const product = (await app.consoleContext.store.get<Record<string, unknown>>(
      'SELECT * FROM "products" WHERE id = ?',
      [code.product_id],
    ))!;
    const brand = await app.consoleContext.store.get<{ brand_name: string }>(
      'SELECT brand_name FROM "brands" WHERE id = ?',
      [product.brand_id as number],
    );
    // The fixture product has a trade price, a status and an internal product code: none may leave.
    expect(product.price).not.toBeUndefined();
    const { data } = await scan(code.code);
    expect(Object.keys(data).sort()).toEqual([
      "code",
      "first_scan_at",
      "page",
      "product",
      "result",
      "scan_index",
      "threshold",
    ]);
    expect(Object.keys(data.product).sort()).toEqual(PUBLIC_PRODUCT_KEYS);
    expect(data.product).toMatchObject({ product_name: product.product_name, brand_name: brand?.brand_name ?? null });
    for (const internal of [
      "id",
      "price",
      "status",
      "product_code",
      "brand_id",
      "remark",
      "created_at",
      "updated_at",
    ]) {
      expect(data.product, internal).not.toHaveProperty(internal);
    }
    expect(JSON.stringify(data)).not.toContain(String(product.product_code));
  });

  it("names the enterprise as the manufacturer, without its contact person or phone", async () => {
    const { data } = await scan((await unscanned()).code);
    const enterprise = (await app.consoleContext.store.get<{ enterprise_name: string }>(
      'SELECT enterprise_name FROM "enterprise" LIMIT 1',
    ))!;
    expect(data.product.manufacturer).toBe(enterprise.enterprise_name);
    expect(data.product).not.toHaveProperty("phone");
    expect(data.product).not.toHaveProperty("contact");
  });

  it("answers not_found for an unknown code, and records it", async () => {
    expect((await scan("NOPE0000")).data).toMatchObject({ result: "not_found", product: null, first_scan_at: null });
    expect(await scans("NOPE0000")).toHaveLength(1);
    expect((await scan("x".repeat(64))).data.result).toBe("not_found");
  });

  it.each([
    ["bad characters", "1' OR '1'='1"],
    ["a slash", "ABC/DEF"],
    ["spaces", "ABC DEF"],
    ["non-ASCII", "码值"],
    ["65 characters", "x".repeat(65)],
    ["an empty code", ""],
  ])("refuses %s with the 400 envelope, counting nothing", async (_name, code) => {
    const before = (await app.consoleContext.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM "consumer_scans"'))!.n;
    const answer = await scan(code);
    expect(answer).toMatchObject({ status_code: 400, code: 40000, data: null });
    expect(answer.errors).toHaveProperty("code");
    expect((await app.consoleContext.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM "consumer_scans"'))!.n).toBe(
      before,
    );
  });

  it("refuses a missing code and unknown parameters with the 400 envelope", async () => {
    expect(envelope(await call(app, { url: "/api/public/scan" }))).toMatchObject({ status_code: 400, code: 40000 });
    expect(envelope(await call(app, { url: "/api/public/scan", query: { code: "ABC", debug: "1" } })).status_code).toBe(
      400,
    );
  });
});

describe("public scan on the real contract", () => {
  let real: FastifyInstance;
  beforeAll(async () => {
    real = await buildApp({ contract, dbFile: ":memory:", seedAnchor: "2024-06-01", seedScale: 0.1, docs: false });
    await real.ready();
  }, 60_000);
  afterAll(() => real.close());

  it("adds the batch's dates from the work order that made it, and the unit and brand names", async () => {
    const store = real.consoleContext.store;
    const order = (await store.get<{
      product_id: number;
      batch_no: string;
      production_date: string;
      expiry_date: string | null;
    }>('SELECT product_id, batch_no, production_date, expiry_date FROM "production_orders" ORDER BY id LIMIT 1'))!;
    // An activated code: a code never activated shows no product (the seed issues many such codes).
    const code = (await store.get<{ id: number; code: string }>(
      `SELECT id, code FROM "trace_codes" WHERE status = 'activated' ORDER BY id LIMIT 1`,
    ))!;
    await store.run('UPDATE "trace_codes" SET product_id = ?, batch_no = ? WHERE id = ?', [
      order.product_id,
      order.batch_no,
      code.id,
    ]);
    const { data } = envelope(await call(real, { url: "/api/public/scan", query: { code: code.code } }));
    expect(data.product).toMatchObject({
      batch_no: order.batch_no,
      production_date: order.production_date,
      expiry_date: order.expiry_date,
    });
    expect(data.product.unit_name).toEqual(expect.any(String));
    expect(data.product.brand_name).toEqual(expect.any(String));
    expect(Object.keys(data.product).sort()).toEqual(PUBLIC_PRODUCT_KEYS);
  });
});

describe("per-address limit", () => {
  it("answers 429 with the envelope past the limit, records nothing more, and leaves other addresses alone", async () => {
    const from = (remoteAddress: string) =>
      app.inject({ url: "/api/public/scan", query: { code: "NO-SUCH-CODE-13" }, remoteAddress });
    const recorded = async () =>
      (await app.consoleContext.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM "consumer_scans"'))!.n;
    for (let i = 0; i < PUBLIC_SCAN_PER_MINUTE; i++) expect((await from("198.51.100.9")).statusCode).toBe(200);
    const before = await recorded();
    const refused = await from("198.51.100.9");
    expect(envelope(refused)).toMatchObject({ status_code: 429, code: 42900 });
    expect(await recorded()).toBe(before);
    expect((await from("198.51.100.10")).statusCode).toBe(200);
  });
});
