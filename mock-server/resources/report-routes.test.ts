// Reports group their source by the dimensions and compute the measures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";

let app: FastifyInstance;
let token: string;
const report = (query = "") => call(app, { url: `/api/report/scans/pagelist${query}`, token }).then(envelope);
const sql = async <T>(text: string, params: unknown[] = []) =>
  await app.consoleContext.store.all<T>(text, params as never[]);

beforeAll(async () => {
  ({ app } = await fixtureApp());
  token = await login(app, "admin");
});
afterAll(() => app.close());

describe("scan report", () => {
  it("groups by product with count and min, labelled, sorted by the default -scans", async () => {
    const { data } = await report("?size=100");
    const expected = await sql<{ product_id: number | null; scans: number; first_scan: string }>(
      'SELECT product_id, COUNT(*) AS scans, MIN(scanned_at) AS first_scan FROM "consumer_scans" GROUP BY product_id',
    );
    expect(data.total).toBe(expected.length);
    const counts = data.list.map((row: { scans: number }) => row.scans);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const sample = data.list.find((row: { product_id: number | null }) => row.product_id !== null);
    const truth = expected.find((row) => row.product_id === sample.product_id)!;
    expect(sample).toMatchObject({ scans: truth.scans, first_scan: truth.first_scan });
    const label = (
      await sql<{ l: string }>('SELECT product_code AS l FROM "products" WHERE id = ?', [sample.product_id])
    )[0].l;
    expect(sample.product_id_label).toBe(label);
  });

  it("filters by date range on the date field and eq on a dimension", async () => {
    const product = (
      await sql<{ product_id: number }>('SELECT product_id FROM "consumer_scans" WHERE product_id IS NOT NULL LIMIT 1')
    )[0].product_id;
    const { data } = await report(`?date_from=2024-05-01&date_to=2024-06-01&product_id=${product}`);
    const truth = (
      await sql<{ n: number }>(
        `SELECT COUNT(*) AS n FROM "consumer_scans" WHERE scanned_at >= '2024-05-01' AND scanned_at < '2024-06-02' AND product_id = ?`,
        [product],
      )
    )[0].n;
    expect(data.list.length ? data.list[0].scans : 0).toBe(truth);
  });

  it("pages and refuses undeclared parameters and sorts", async () => {
    expect((await report("?size=2")).data).toMatchObject({ page: 1, size: 2 });
    expect((await report("?region=1")).message).toBe("region: unknown parameter");
    expect((await report("?sort=region")).message).toBe('sort: field "region" is not sortable');
  });
});
