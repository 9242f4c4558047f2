// Download of a code batch: a CSV of 序号, 码, URL in issue order, each URL by the rule's template on
// the public origin (the default http://localhost:3000; consumer-url.test.ts sets others),
// and one log row per download (who, when, batch, rows); an unknown batch is a 404 that logs nothing.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { call, envelope, login } from "../../test-fixtures/test-app";

let chain: ChainApp;
let token: string;

beforeAll(async () => {
  chain = await chainApp();
  token = await login(chain.app, "admin");
}, 60_000);
afterAll(() => chain.app.close());

describe("GET /api/tagging/codebatches/download", () => {
  it("streams 序号, 码, URL for every code of the batch and logs who, when, which batch and how many rows", async () => {
    const { batchId, codes } = await chain.generated("item", 7);
    const response = await call(chain.app, {
      url: "/api/tagging/codebatches/download",
      query: { id: String(batchId) },
      token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const rows = parse(response.rawPayload, { bom: true });
    expect(rows[0]).toEqual(["序号", "码", "URL"]);
    expect(rows.slice(1)).toEqual(
      codes.map((code, index) => [String(index + 1), code, `http://localhost:3000/m/q/${code}`]),
    );
    expect(await chain.all(`SELECT batch_id, rows, downloaded_by, downloaded_at FROM code_downloads`)).toEqual([
      { batch_id: batchId, rows: 7, downloaded_by: "admin", downloaded_at: "2024-06-01T08:00:00Z" },
    ]);
  });

  it("a batch is the codes that name it: an import into the same order is neither in the generated batch's file nor missing from its own", async () => {
    const { orderId, batchId, codes } = await chain.generated("item", 3);
    const external = ["EXTDL0001", "EXTDL0002"];
    const content = Buffer.from(["code", ...external].join("\n")).toString("base64");
    const imported = await chain.post("/api/tagging/codebatches/import", {
      order_id: orderId,
      file_name: "ext.csv",
      content,
    });
    expect(imported.code).toBe(0);
    const codesOf = async (id: number) => {
      const response = await call(chain.app, {
        url: "/api/tagging/codebatches/download",
        query: { id: String(id) },
        token,
      });
      return parse(response.rawPayload, { bom: true })
        .slice(1)
        .map((row) => row[1]);
    };
    expect(await codesOf(batchId)).toEqual(codes);
    expect(await codesOf((imported.data as { batch_id: number }).batch_id)).toEqual(external);
    expect(
      (await chain.all(`SELECT code FROM trace_codes WHERE batch_id = ? ORDER BY id`, [batchId])).map(
        (row) => row.code,
      ),
    ).toEqual(codes);
  });

  it("the rule's own URL template is used", async () => {
    const { batchId, codes } = await chain.generated("item", 1);
    const ruleId = (await chain.all(`SELECT rule_id FROM code_batches WHERE id = ?`, [batchId]))[0].rule_id as number;
    await chain.app.consoleContext.store.run(
      `UPDATE code_rules SET url_template = 'https://scan.example.cn/q/{code}?h={host}' WHERE id = ?`,
      [ruleId],
    );
    const response = await call(chain.app, {
      url: "/api/tagging/codebatches/download",
      query: { id: String(batchId) },
      token,
    });
    expect(parse(response.rawPayload, { bom: true })[1]).toEqual([
      "1",
      codes[0],
      `https://scan.example.cn/q/${codes[0]}?h=localhost:3000`,
    ]);
  });

  it("an unknown batch is a 404 and logs nothing; the log has no add, edit or delete call", async () => {
    const before = await chain.all(`SELECT * FROM code_downloads ORDER BY id`);
    const answer = envelope(
      await call(chain.app, { url: "/api/tagging/codebatches/download", query: { id: "999999" }, token }),
    );
    expect(answer).toMatchObject({ status_code: 404, message: "code batch 999999 does not exist" });
    expect((await chain.post("/api/tagging/codedownloads/add", { batch_id: 1, rows: 1 })).status_code).toBe(404);
    expect(await chain.all(`SELECT * FROM code_downloads ORDER BY id`)).toEqual(before);
  });
});
