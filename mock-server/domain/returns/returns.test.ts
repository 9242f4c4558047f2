// Returns on the real contract: a dealer returns codes of any level it was shipped (one out of a
// package that stays with the dealer: dealer-unpack.test.ts); every refusal names what is wrong
// (both dealers when it is the wrong one) with every table of the chain unchanged; the receipt is a
// receiving event (rma, bol, dealer as source); 退货解绑 frees the codes, and a freed package ships
// again to another dealer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";
import { attributionOf } from "../logistics/attribution";
import { bizTransactionsOf, eventCodes, partiesOf, timeline } from "../ledger/ledger";

let chain: ChainApp;
let s: Stock;
let W1: { id: number; no: string }; // dealer 0: case 1 (box 2, item 6) and item 9
let W2: { id: number; no: string }; // dealer 1: box 5 (item 10)

const give = (dealer: number, codes: string, return_no = `RMA-${Math.random().toString(36).slice(2, 8)}`) =>
  chain.post("/api/physical/returns/add", {
    return_no,
    dealer_id: dealer,
    warehouse_id: s.warehouse,
    codes,
    reason: "包装破损",
  });
const free = (code: string) => chain.post("/api/physical/returnunlinks/add", { code, reason: "复检合格" });
const stateOf = async (code: string) =>
  (await chain.all(`SELECT status, parent_code, waybill_id, dealer_id FROM trace_codes WHERE code = ?`, [code]))[0];
const dealer = async (id: number) =>
  (await chain.all(`SELECT dealer_name, dealer_code FROM dealers WHERE id = ?`, [id]))[0] as {
    dealer_name: string;
    dealer_code: string;
  };
const named = async (id: number) => `${(await dealer(id)).dealer_name} (${(await dealer(id)).dealer_code})`;
const lastEvent = async (code: string) => (await timeline(chain.app.consoleContext, code)).at(-1)!;

async function expectRefused(
  made: Promise<{ status_code: number; errors?: Record<string, string> }>,
  status: number,
  field: string,
  rule: string | RegExp,
) {
  const before = await chain.snapshot();
  const body = await made;
  expect(body).toMatchObject({ status_code: status });
  expect(Object.keys(body.errors ?? {})).toEqual([field]);
  expect(body.errors![field]).toMatch(rule);
  expect(await chain.snapshot()).toEqual(before);
}

async function shipped(dealerId: number, codes: string[]) {
  const waybill = await draftWaybill(chain, s, dealerId);
  for (const code of codes)
    expect((await chain.post("/api/physical/waybillcodes/add", { waybill_id: waybill.id, code })).code).toBe(0);
  expect((await chain.post("/api/physical/waybills/ship", { id: waybill.id })).code).toBe(0);
  return waybill;
}

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
  W1 = await shipped(s.dealers[0], [s.C[1], s.I[9]]);
  W2 = await shipped(s.dealers[1], [s.B[5]]);
}, 120_000);
afterAll(() => chain.app.close());

describe("receiving a return (returns create)", () => {
  it("refuses a return by another dealer than the one shipped to, naming both", async () => {
    await expectRefused(
      give(s.dealers[1], s.C[1]),
      409,
      "codes",
      `${s.C[1]} was shipped to ${await named(s.dealers[0])}, not to ${await named(s.dealers[1])}; only the dealer it was shipped to returns it`,
    );
  });

  it("refuses a code never shipped, an unknown code, no code", async () => {
    await expectRefused(
      give(s.dealers[0], s.I[7]),
      409,
      "codes",
      `${s.I[7]} was never shipped (it is activated); only shipped codes are returned`,
    );
    await expectRefused(give(s.dealers[0], `${s.I[9]} NOSUCH`), 400, "codes", "NOSUCH is not a known trace code");
    await expectRefused(give(s.dealers[0], " , "), 400, "codes", "name at least one code");
  });

  it("receives a case (with its box named too) and an item: one receiving event with rma, bol and the dealer as source", async () => {
    const body = await give(s.dealers[0], `${s.C[1]}\n${s.B[2]}, ${s.I[9]}`, "RMA-001");
    expect(body.data).toMatchObject({
      return_no: "RMA-001",
      waybill_id: W1.id,
      quantity: 2,
      status: "received",
      received_by: "admin",
    });
    for (const code of [s.C[1], s.B[2], s.I[6], s.I[9]])
      expect(await stateOf(code)).toMatchObject({ status: "returned" });
    expect((await stateOf(s.I[6])).parent_code).toBe(s.B[2]);
    expect(await attributionOf(chain.app.consoleContext, s.I[6])).toBeNull();
    const event = await lastEvent(s.C[1]);
    expect(event).toMatchObject({
      kind: "return",
      event_type: "ObjectEvent",
      action: "OBSERVE",
      biz_step: "receiving",
      disposition: "returned",
      reason: "包装破损",
    });
    expect(await eventCodes(chain.app.consoleContext, event.id)).toEqual([s.C[1], s.I[9]].sort());
    expect(await bizTransactionsOf(chain.app.consoleContext, event.id)).toEqual([
      { type: "bol", value: W1.no },
      { type: "rma", value: "RMA-001" },
    ]);
    expect(await partiesOf(chain.app.consoleContext, event.id)).toContainEqual({
      direction: "source",
      type: "owning_party",
      value: (await dealer(s.dealers[0])).dealer_code,
    });
  });

  it("refuses a code already returned, and shipping a returned code before it is freed", async () => {
    await expectRefused(
      give(s.dealers[0], s.I[9]),
      409,
      "codes",
      `${s.I[9]} was already returned; it is not with a dealer`,
    );
    const next = await draftWaybill(chain, s, s.dealers[1]);
    await expectRefused(
      chain.post("/api/physical/waybillcodes/add", { waybill_id: next.id, code: s.C[1] }),
      409,
      "code",
      /was returned and is not yet freed/,
    );
  });

  it("the other dealer returns what it was shipped", async () => {
    expect((await give(s.dealers[1], s.B[5])).data).toMatchObject({ waybill_id: W2.id, quantity: 1 });
  });
});

describe("退货解绑 (return_unlinks create) and shipping again", () => {
  it("refuses a code not returned, a code inside a returned package", async () => {
    await expectRefused(
      free(s.I[7]),
      409,
      "code",
      `${s.I[7]} is activated, not returned; only a returned code is freed`,
    );
    await expectRefused(
      free(s.B[2]),
      409,
      "code",
      `${s.B[2]} is inside ${s.C[1]}, which was returned with it; free ${s.C[1]} instead`,
    );
  });

  it("frees a returned case: re-inspected (an inspecting event with the rma), back in stock with its packaging, free of waybill and dealer", async () => {
    const body = await free(s.C[1]);
    const returnId = (await chain.all(`SELECT id FROM returns WHERE return_no = 'RMA-001'`))[0].id;
    expect(body.data).toMatchObject({ code: s.C[1], return_id: returnId, waybill_id: W1.id, operator: "admin" });
    expect(await stateOf(s.C[1])).toEqual({
      status: "activated",
      parent_code: null,
      waybill_id: null,
      dealer_id: null,
    });
    expect(await stateOf(s.I[6])).toEqual({ status: "packed", parent_code: s.B[2], waybill_id: null, dealer_id: null });
    const event = await lastEvent(s.C[1]);
    expect(event).toMatchObject({ kind: "restock", biz_step: "inspecting" });
    expect(await bizTransactionsOf(chain.app.consoleContext, event.id)).toEqual([{ type: "rma", value: "RMA-001" }]);
  });

  it("a freed case ships again to another dealer: its items are attributed to the new dealer and waybill", async () => {
    const W3 = await shipped(s.dealers[1], [s.C[1]]);
    expect(await attributionOf(chain.app.consoleContext, s.I[6])).toMatchObject({
      waybill_no: W3.no,
      dealer_id: s.dealers[1],
    });
  });
});
