// GET /api/public/scan: no token, counts the query, records it for 消费者查询记录.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp } from "../test-fixtures/test-app";

let app: FastifyInstance;
beforeAll(async () => ({ app } = await fixtureApp()));
afterAll(() => app.close());

const scan = (code: string) => call(app, { url: "/api/public/scan", query: { code } }).then(envelope);
const scans = (code: string) =>
  app.consoleContext.store.all<{ result: string }>('SELECT result FROM "consumer_scans" WHERE code = ? ORDER BY id', [code]);

describe("public scan", () => {
  it("answers genuine first, then repeated with the query number, and records each query", async () => {
    const code = app.consoleContext.store.get<{ code: string; product_id: number | null }>(
      'SELECT code, product_id FROM "trace_codes" WHERE product_id IS NOT NULL AND (scan_count IS NULL OR scan_count = 0) LIMIT 1',
    )!;
    const first = await scan(code.code);
    expect(first).toMatchObject({ status_code: 200, data: { code: code.code, result: "genuine", scan_index: 1 } });
    expect(first.data.product.id).toBe(code.product_id);
    const second = await scan(code.code);
    expect(second.data).toMatchObject({ result: "repeated", scan_index: 2, first_scan_at: first.data.first_scan_at });
    expect(scans(code.code).map((row) => row.result)).toEqual(["genuine", "repeated"]);
  });

  it("answers not_found for an unknown code, and refuses odd input", async () => {
    expect((await scan("NOPE0000")).data).toMatchObject({ result: "not_found", product: null });
    expect(scans("NOPE0000")).toHaveLength(1);
    expect((await scan("1' OR '1'='1")).status_code).toBe(400);
  });
});
