// 退货收货工位's call on the real contract: the first scan of an RMA opens its return, each later
// scan joins it (codes, item quantity), a box out of a shipped case comes back while the case stays
// with the dealer; an RMA keeps its dealer and warehouse, and every refusal leaves the chain as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";
import { bizTransactionsOf, timeline } from "../ledger/ledger";

let chain: ChainApp;
let s: Stock;
let W1: { id: number; no: string }; // dealer 0: case 1 (box 2, item 6) and item 9

const scan = (code: string, fields: Record<string, unknown> = {}) =>
  chain.post("/api/physical/returns/receivescan", {
    return_no: "RMA-S1",
    dealer_id: s.dealers[0],
    warehouse_id: s.warehouse,
    reason: "包装破损",
    codes: code,
    ...fields,
  });
const stateOf = async (code: string) =>
  (await chain.all(`SELECT status, parent_code, dealer_id FROM trace_codes WHERE code = ?`, [code]))[0];
const returnRow = async () =>
  await chain.all(
    `SELECT id, codes, quantity, waybill_id, dealer_id, received_by FROM returns WHERE return_no = 'RMA-S1'`,
  );

async function expectRefused(made: ReturnType<typeof scan>, status: number, field: string, rule: string | RegExp) {
  const before = await chain.snapshot();
  const body = (await made) as { status_code: number; errors?: Record<string, string> };
  expect(body).toMatchObject({ status_code: status });
  expect(Object.keys(body.errors ?? {})).toEqual([field]);
  expect(body.errors![field]).toMatch(rule);
  expect(await chain.snapshot()).toEqual(before);
}

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
  W1 = await draftWaybill(chain, s, s.dealers[0]);
  for (const code of [s.C[1], s.I[9]])
    expect((await chain.post("/api/physical/waybillcodes/add", { waybill_id: W1.id, code })).code).toBe(0);
  expect((await chain.post("/api/physical/waybills/ship", { id: W1.id })).code).toBe(0);
}, 120_000);
afterAll(() => chain.app.close());

describe("receiving a return scan by scan (returns receive_scan)", () => {
  it("refuses a scan without its RMA or with one the input rule forbids", async () => {
    await expectRefused(scan(s.I[9], { return_no: undefined }), 400, "return_no", "is required");
    await expectRefused(scan(s.I[9], { return_no: "RMA/1" }), 400, "return_no", /expected format|not allowed/);
  });

  it("the RMA's first scan opens its return, as 登记退货 would write it", async () => {
    const body = await scan(s.I[9]);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      return_no: "RMA-S1",
      codes: s.I[9],
      quantity: 1,
      waybill_id: W1.id,
      status: "received",
      received_by: "admin",
    });
    expect((await stateOf(s.I[9])).status).toBe("returned");
  });

  it("a box out of the shipped case joins the same return; the case stays with the dealer", async () => {
    const body = await scan(s.B[2]);
    expect(body.code).toBe(0);
    expect(await returnRow()).toEqual([
      expect.objectContaining({ codes: `${s.I[9]}\n${s.B[2]}`, quantity: 2, waybill_id: W1.id }),
    ]);
    expect(await stateOf(s.B[2])).toMatchObject({ status: "returned", parent_code: null });
    expect(await stateOf(s.I[6])).toMatchObject({ status: "returned", parent_code: s.B[2] });
    expect(await stateOf(s.C[1])).toMatchObject({ status: "shipped", dealer_id: s.dealers[0] });
    const event = (await timeline(chain.app.consoleContext, s.B[2])).at(-1)!;
    expect(event.kind).toBe("return");
    expect(await bizTransactionsOf(chain.app.consoleContext, event.id)).toContainEqual({
      type: "rma",
      value: "RMA-S1",
    });
  });

  it("refuses a code already returned, naming it", async () => {
    await expectRefused(scan(s.I[9]), 409, "codes", `${s.I[9]} was already returned; it is not with a dealer`);
  });

  it("keeps an RMA with the dealer and the warehouse it was opened for", async () => {
    const dealer = (await chain.all(`SELECT dealer_name, dealer_code FROM dealers WHERE id = ?`, [s.dealers[0]]))[0];
    await expectRefused(
      scan(s.C[1], { dealer_id: s.dealers[1] }),
      409,
      "dealer_id",
      `RMA RMA-S1 is a return of ${String(dealer.dealer_name)} (${String(dealer.dealer_code)}); choose that dealer, or start another RMA`,
    );
    const other = await chain.post("/api/base/warehouses/add", {
      warehouse_code: "WH-RETURNS-2",
      warehouse_name: "退货二仓",
      warehouse_type: "regional",
      region_code: "330100",
    });
    expect(other.code).toBe(0);
    const warehouse = (await chain.all(`SELECT warehouse_name FROM warehouses WHERE id = ?`, [s.warehouse]))[0];
    await expectRefused(
      scan(s.C[1], { warehouse_id: (other.data as { id: number }).id }),
      409,
      "warehouse_id",
      `RMA RMA-S1 is received at ${String(warehouse.warehouse_name)}; choose that warehouse, or start another RMA`,
    );
  });

  it("refuses a code never shipped and an unknown code", async () => {
    await expectRefused(scan(s.I[7]), 409, "codes", /was never shipped/);
    await expectRefused(scan("NOSUCH"), 400, "codes", "NOSUCH is not a known trace code");
  });
});
