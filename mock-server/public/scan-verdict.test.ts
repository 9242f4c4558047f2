// A consumer scan's verdict follows the code's state. Every verdict through the
// real call on codes made by the real chain; only consumer scans change a code's count.
import { beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../test-fixtures/logistics-stock";
import { alphabetOf } from "../domain/codes/code-rules/segments";
import { DEFAULT_SCAN_THRESHOLD, verdictOf } from "./scan-verdict";

let chain: ChainApp;
let s: Stock;
const scan = async (code: string) => {
  const response = await chain.app.inject({
    url: `/api/public/scan?code=${encodeURIComponent(code)}`,
    remoteAddress: "10.1.2.3",
  });
  return response.json().data as {
    result: string;
    scan_index: number;
    first_scan_at: string | null;
    threshold: number;
    product: { product_name?: string } | null;
  };
};
const countOf = async (code: string) =>
  (await chain.all(`SELECT scan_count FROM trace_codes WHERE code = ?`, [code]))[0].scan_count;

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
  // Case 1 (box 2, item 6) ships to the first dealer; box 5 ships and comes back.
  const shipped = await draftWaybill(chain, s, s.dealers[0]);
  for (const code of [s.C[1], s.B[5]])
    expect((await chain.post("/api/physical/waybillcodes/add", { waybill_id: shipped.id, code })).code).toBe(0);
  expect((await chain.post("/api/physical/waybills/ship", { id: shipped.id })).code).toBe(0);
  const back = await chain.post("/api/physical/returns/add", {
    return_no: "RMA-SCAN-1",
    dealer_id: s.dealers[0],
    warehouse_id: s.warehouse,
    codes: s.B[5],
    reason: "包装破损",
  });
  expect(back.code, back.message).toBe(0);
});

describe("scan verdicts follow the code's state", () => {
  it("a shipped code: genuine first, then repeated with the count and the first time, then over the threshold", async () => {
    const item = s.I[6];
    const first = await scan(item);
    expect(first).toMatchObject({ result: "genuine", scan_index: 1, threshold: DEFAULT_SCAN_THRESHOLD });
    expect(first.product).not.toBeNull();
    const second = await scan(item);
    expect(second).toMatchObject({ result: "repeated", scan_index: 2, first_scan_at: first.first_scan_at });
    let last = second;
    for (let n = 3; n <= DEFAULT_SCAN_THRESHOLD + 1; n += 1) last = await scan(item);
    expect(last).toMatchObject({ result: "over_threshold", scan_index: DEFAULT_SCAN_THRESHOLD + 1 });
    expect(await countOf(item)).toBe(DEFAULT_SCAN_THRESHOLD + 1);
  });

  it.each([
    ["never activated", () => s.I[12], "not_activated", false],
    ["voided", () => s.B[4], "voided", false],
    ["returned", () => s.B[5], "returned", true],
    ["in stock, never shipped", () => s.I[7], "in_stock", true],
  ])("a code %s says so (product shown: %s)", async (_state, code, verdict, showsProduct) => {
    const answer = await scan(code());
    expect(answer.result).toBe(verdict);
    expect(answer.product !== null).toBe(showsProduct);
  });

  it("tells a mistyped code (wrong check character) from a code nobody issued; neither creates a code", async () => {
    const real = s.I[8];
    const alphabet = alphabetOf("alphanumeric");
    const wrong = real.slice(0, -1) + [...alphabet].find((char) => char !== real.at(-1))!;
    const before = (await chain.all(`SELECT count(*) AS n FROM trace_codes`))[0].n;
    expect((await scan(wrong)).result).toBe("bad_check");
    expect((await scan("ZZNOSUCHCODE123")).result).toBe("not_found");
    expect((await chain.all(`SELECT count(*) AS n FROM trace_codes`))[0].n).toBe(before);
    expect(
      (
        await chain.all(`SELECT result FROM consumer_scans WHERE code IN (?, ?) ORDER BY id`, [
          wrong,
          "ZZNOSUCHCODE123",
        ])
      ).map((row) => row.result),
    ).toEqual(["bad_check", "not_found"]);
  });

  it("only consumer scans count: a console lookup leaves the count as it was", async () => {
    const item = s.I[0];
    const before = await countOf(item);
    expect((await chain.get("/api/tagging/tracecodes/lookup", { code: item })).code).toBe(0);
    expect(await countOf(item)).toBe(before);
    await scan(item);
    expect(await countOf(item)).toBe(Number(before ?? 0) + 1);
  });

  it("takes the threshold from 预警参数 when an enabled repeated-scan parameter names one", async () => {
    await chain.app.consoleContext.store.run(`UPDATE warning_params SET enabled = FALSE`);
    await chain.app.consoleContext.store.run(
      `INSERT INTO warning_params (param_code, param_name, rule, threshold, window_hours, level, enabled) VALUES ('WP-T', '多次扫码', 'repeated_scan', 2, 24, 'high', TRUE)`,
    );
    // Raw SQL goes around the records layer: say the table changed, as every server write does.
    chain.app.consoleContext.store.bump("warning_params");
    const item = s.I[6];
    expect(await scan(item)).toMatchObject({ result: "over_threshold", threshold: 2 });
  });
});

describe("verdictOf", () => {
  it.each([
    ["generated", 1, "not_activated"],
    ["scrapped", 1, "voided"],
    ["returned", 3, "returned"],
    ["activated", 1, "in_stock"],
    ["packed", 9, "in_stock"],
    ["shipped", 1, "genuine"],
    ["shipped", 5, "repeated"],
    ["shipped", 6, "over_threshold"],
  ] as const)("%s, scan %d → %s", (status, count, verdict) => {
    expect(verdictOf(status, count, 5)).toBe(verdict);
  });
});
