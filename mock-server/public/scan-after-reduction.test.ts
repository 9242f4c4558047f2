// A consumer scan follows the code's attribution now: after a reduction it is no longer
// attributed to the first dealer. Codes shipped to dealer A, then
// reduced (减货) — a loose item, and a box whose item is scanned — are scanned from outside A's
// regions: the page names no dealer or waybill, and no warning attributes the scan to A (a code
// still on A's waybill, scanned the same way, gets both: the control). Shipped again to dealer B,
// the page and the channel-conflict warning name B and the new waybill.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../test-fixtures/logistics-stock";
import { envelope } from "../test-fixtures/test-app";
import { ipRegionTable } from "../regions/ip-region";
import { authoriseDealer } from "../test-fixtures/dealer-regions";

const HANGZHOU = "60.191.0.1";
const NANJING = "58.192.0.1";

let chain: ChainApp;
let s: Stock;
let W1: { id: number; no: string };
let names: { A: string; B: string };

const scan = async (code: string, ip: string) =>
  envelope(await chain.app.inject({ method: "GET", url: "/api/public/scan", query: { code }, remoteAddress: ip })).data;
const warningsOf = (code: string) =>
  chain.all(
    `SELECT rule, dealer_id, waybill_id, authorised_regions FROM consumer_warnings WHERE code = ? ORDER BY id`,
    [code],
  );
const must = async (made: ReturnType<ChainApp["post"]>) => {
  const body = await made;
  expect(body.code, body.message).toBe(0);
  return body.data;
};
const grant = async (dealerId: number, regions: string[]) =>
  await authoriseDealer(chain.app.consoleContext, dealerId, regions);

beforeAll(async () => {
  chain = await chainApp({ ipRegions: ipRegionTable({ [HANGZHOU]: "330100", [NANJING]: "320100" }) });
  s = await logisticsStock(chain);
  const [A, B] = s.dealers;
  const nameOf = async (id: number) =>
    (await chain.all(`SELECT dealer_name FROM dealers WHERE id = ?`, [id]))[0].dealer_name as string;
  names = { A: await nameOf(A), B: await nameOf(B) };
  await grant(A, ["330000"]);
  await grant(B, ["320000"]);
  // The stock's product gets a scan page that shows the dealer and the waybill.
  const product = (await chain.all(`SELECT product_id FROM trace_codes WHERE code = ?`, [s.I[7]]))[0].product_id;
  await chain.app.consoleContext.store.run(`UPDATE scan_templates SET status = 'disabled' WHERE product_id = ?`, [
    product as number,
  ]);
  await must(
    chain.post("/api/querymanage/scantemplates/add", {
      template_code: "TPL-ATTR",
      template_name: "经销商模板",
      page_title: "产品查询",
      genuine_message: "正品",
      repeat_message: "重复",
      product_id: product,
      show_dealer: true,
      show_waybill: true,
      is_default: false,
      status: "enabled",
    }),
  );
  W1 = await draftWaybill(chain, s, A);
  for (const code of [s.I[7], s.I[9], s.B[5]])
    await must(chain.post("/api/physical/waybillcodes/add", { waybill_id: W1.id, code }));
  await must(chain.post("/api/physical/waybills/ship", { id: W1.id }));
}, 120_000);
afterAll(() => chain.app.close());

describe("a consumer scan after a reduction", () => {
  it("control: a code still on dealer A's waybill, scanned outside A's regions, names A and the waybill (page and channel-conflict warning)", async () => {
    const answer = await scan(s.I[9], NANJING);
    expect(answer.page).toMatchObject({ dealer: names.A, waybill: W1.no });
    expect(await warningsOf(s.I[9])).toEqual([
      { rule: "cross_region", dealer_id: s.dealers[0], waybill_id: W1.id, authorised_regions: "330000" },
    ]);
  });

  it("a reduced item and an item in a reduced box: no dealer or waybill on the page, no warning attributed to A", async () => {
    await must(chain.post("/api/physical/waybillreductions/add", { code: s.I[7], reason: "客户少要" }));
    await must(chain.post("/api/physical/waybillreductions/add", { code: s.B[5], reason: "客户少要" }));
    for (const code of [s.I[7], s.I[10]]) {
      const answer = await scan(code, NANJING);
      expect(answer.page, code).toMatchObject({ dealer: null, waybill: null });
      expect(JSON.stringify(answer)).not.toContain(names.A);
      expect(JSON.stringify(answer)).not.toContain(W1.no);
      const warnings = await warningsOf(code);
      // Back in stock: scanned by a consumer it is an unshipped code, with nobody to attribute it to.
      expect(warnings).toEqual([
        { rule: "unshipped_scan", dealer_id: null, waybill_id: null, authorised_regions: null },
      ]);
    }
  });

  it("shipped again to dealer B: the page and the channel-conflict warning name B and the new waybill, never A", async () => {
    const W2 = await draftWaybill(chain, s, s.dealers[1]);
    await must(chain.post("/api/physical/waybillcodes/add", { waybill_id: W2.id, code: s.I[7] }));
    await must(chain.post("/api/physical/waybills/ship", { id: W2.id }));
    const answer = await scan(s.I[7], HANGZHOU);
    expect(answer.page).toMatchObject({ dealer: names.B, waybill: W2.no });
    expect((await warningsOf(s.I[7])).filter((row) => row.rule === "cross_region")).toEqual([
      { rule: "cross_region", dealer_id: s.dealers[1], waybill_id: W2.id, authorised_regions: "320000" },
    ]);
    expect((await warningsOf(s.I[7])).some((row) => row.dealer_id === s.dealers[0] || row.waybill_id === W1.id)).toBe(
      false,
    );
  });
});
