// Unpacking at the dealer on the real contract. A box returned out of a shipped pallet's case is
// first taken out of the case at the dealer (an unpacking event at the dealer's location), then
// received, in one call: the case's counts, the dealer's market stock, the returns report and the
// box's EPCIS document all follow; an item comes back out of a shipped box the same way. A dealer
// breaking a case to sell its boxes is an action of its own (经销商拆包), whose boxes stay the
// dealer's; unbinding the waybill afterwards brings them back too. Each refusal says which call
// would succeed, and leaves every table of the chain unchanged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { epcisSchemaErrors } from "../../test-fixtures/epcis-schema";
import { draftWaybill, logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";
import { privateUri } from "../epcis/epcis-identifiers";
import { bizTransactionsOf, eventCodes, timeline } from "../ledger/ledger";

type Row = Record<string, unknown>;
type EpcisEvent = Record<string, unknown> & { epcList?: string[]; childEPCs?: string[] };

let chain: ChainApp;
let s: Stock;
let dealerA: { id: number; code: string; name: string };
let dealerB: { id: number; code: string; name: string };
let toA: { id: number; no: string }; // pallet 0: case 0 (boxes 0-1, items 0-5)

const stateOf = async (code: string) =>
  (await chain.all(`SELECT status, parent_code, waybill_id, dealer_id FROM trace_codes WHERE code = ?`, [code]))[0];
const lastEvents = async (code: string, count: number) =>
  (await timeline(chain.app.consoleContext, code)).slice(-count);
const must = async (url: string, body: unknown) => {
  const answer = await chain.post(url, body);
  expect(answer.code, answer.message).toBe(0);
  return answer.data as Row;
};
const give = (dealer: number, codes: string, return_no: string) =>
  chain.post("/api/physical/returns/add", {
    return_no,
    dealer_id: dealer,
    warehouse_id: s.warehouse,
    codes,
    reason: "破损",
  });
const unpackAtDealer = (body: Row) => chain.post("/api/physical/dealerunpacks/add", { reason: "拆箱零售", ...body });
const report = async (name: string, query: Record<string, string> = {}) =>
  ((await chain.get(`/api/report/${name}/query`, query)).data as { list: Row[] }).list;
const sum = (rows: Row[], field: string) => rows.reduce((total, row) => total + Number(row[field] ?? 0), 0);
const marketItems = async (dealer: number) => sum(await report("marketreport", { dealer_id: String(dealer) }), "items");
const shippedItems = async (dealer: number) =>
  sum(await report("shipmentsreport", { dealer_id: String(dealer) }), "items");

async function expectRefused(made: Promise<Awaited<ReturnType<ChainApp["post"]>>>, field: string, rule: string) {
  const before = await chain.snapshot();
  const body = await made;
  expect(body).toMatchObject({ status_code: 409 });
  expect(body.errors).toEqual({ [field]: rule });
  expect(await chain.snapshot()).toEqual(before);
}

async function shipped(dealer: number, codes: string[]) {
  const waybill = await draftWaybill(chain, s, dealer);
  for (const code of codes) await must("/api/physical/waybillcodes/add", { waybill_id: waybill.id, code });
  await must("/api/physical/waybills/ship", { id: waybill.id });
  return waybill;
}

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
  const dealers: { id: number; code: string; name: string }[] = [];
  for (const id of s.dealers) {
    const row = (await chain.all(`SELECT dealer_code, dealer_name FROM dealers WHERE id = ?`, [id]))[0];
    dealers.push({ id, code: row.dealer_code as string, name: row.dealer_name as string });
  }
  [dealerA, dealerB] = dealers as [typeof dealerA, typeof dealerB];
  toA = await shipped(dealerA.id, [s.P[0]]);
}, 120_000);
afterAll(() => chain.app.close());

describe("a return out of a package that stays with the dealer", () => {
  it("box 1 comes back out of the shipped pallet's case: unpacked at the dealer, then received, in one call", async () => {
    const marketBefore = await marketItems(dealerA.id);
    const shippedBefore = await shippedItems(dealerA.id);
    const body = await give(dealerA.id, s.B[1], "RMA-PART-1");
    expect(body.code, body.message).toBe(0);
    expect(body.data).toMatchObject({ waybill_id: toA.id, quantity: 3 });

    // The ledger: an unpacking at the dealer's location (the waybill's bol, the return's rma), then the return.
    const [unpacking, receiving] = await lastEvents(s.B[1], 2);
    expect(unpacking).toMatchObject({
      kind: "unpack",
      event_type: "AggregationEvent",
      action: "DELETE",
      parent_code: s.C[0],
      biz_location: dealerA.code,
    });
    expect(await eventCodes(chain.app.consoleContext, unpacking.id)).toEqual([s.B[1]]);
    expect(await bizTransactionsOf(chain.app.consoleContext, unpacking.id)).toEqual([
      { type: "bol", value: toA.no },
      { type: "rma", value: "RMA-PART-1" },
    ]);
    expect(receiving).toMatchObject({ kind: "return", biz_step: "receiving" });
    expect(await eventCodes(chain.app.consoleContext, receiving.id)).toEqual([s.B[1]]);

    // The box and its items are returned; the case, still with the dealer, holds box 0 only.
    expect(await stateOf(s.B[1])).toEqual({
      status: "returned",
      parent_code: null,
      waybill_id: toA.id,
      dealer_id: dealerA.id,
    });
    expect(await stateOf(s.I[3])).toMatchObject({ status: "returned", parent_code: s.B[1] });
    expect(await stateOf(s.C[0])).toMatchObject({ status: "shipped", parent_code: s.P[0], dealer_id: dealerA.id });
    const contents = (await chain.get("/api/plant/packages/contents", { code: s.C[0] })).data as Row;
    expect(contents).toMatchObject({
      children: [{ code: s.B[0] }],
      counts: [
        { level: "box", count: 1 },
        { level: "item", count: 3 },
      ],
      fill: { state: "partial", held: 1, capacity: 2 },
    });
    const pallet = (await chain.get("/api/plant/packages/contents", { code: s.P[0] })).data as Row;
    expect(pallet.counts).toEqual([
      { level: "case", count: 1 },
      { level: "box", count: 1 },
      { level: "item", count: 3 },
    ]);

    // 市场存量 loses the box's three items; 仓库发货 still counts what left; 退货报表 counts the box and its items.
    expect(await marketItems(dealerA.id)).toBe(marketBefore - 3);
    expect(await shippedItems(dealerA.id)).toBe(shippedBefore);
    expect(await report("phoenix", { rma: "RMA-PART-1" })).toEqual([
      expect.objectContaining({ dealer_id: dealerA.id, rma: "RMA-PART-1", items: 3, boxes: 1, cases: 0, pallets: 0 }),
    ]);
  });

  it("the box's EPCIS document: its shipping inside the pallet, the unpacking at the dealer, the receiving", async () => {
    const document = (await chain.get("/api/tagging/tracecodes/epcis", { code: s.B[1] })).data as {
      epcisBody: { eventList: EpcisEvent[] };
    };
    expect(epcisSchemaErrors(document)).toEqual([]);
    const events = document.epcisBody.eventList;
    const box = privateUri("code", s.B[1]);
    const kinds = events.map((event) => event["tc:kind"]);
    expect(kinds.slice(-3)).toEqual(["ship", "unpack", "return"]);
    const [shipping, unpacking, receiving] = events.slice(-3);
    expect(shipping).toMatchObject({
      bizStep: "shipping",
      bizTransactionList: [{ type: "bol", bizTransaction: privateUri("bol", toA.no) }],
    });
    expect(unpacking).toMatchObject({
      type: "AggregationEvent",
      action: "DELETE",
      bizStep: "unpacking",
      parentID: privateUri("code", s.C[0]),
      childEPCs: [box],
      bizLocation: { id: privateUri("place", dealerA.code) },
    });
    expect(receiving).toMatchObject({ bizStep: "receiving", disposition: "returned", epcList: [box] });
  });

  it("an item comes back out of a shipped box: unpacked from the box at the dealer, the box stays in its case", async () => {
    const marketBefore = await marketItems(dealerA.id);
    const body = await give(dealerA.id, s.I[0], "RMA-PART-2");
    expect(body.code, body.message).toBe(0);
    expect(body.data).toMatchObject({ quantity: 1 });
    expect((await lastEvents(s.I[0], 2)).map((event) => [event.kind, event.parent_code])).toEqual([
      ["unpack", s.B[0]],
      ["return", null],
    ]);
    expect(await stateOf(s.I[0])).toMatchObject({ status: "returned", parent_code: null });
    expect(await stateOf(s.B[0])).toMatchObject({ status: "shipped", parent_code: s.C[0] });
    expect(await marketItems(dealerA.id)).toBe(marketBefore - 1);
  });
});

describe("经销商拆包 (dealer_unpacks create)", () => {
  let toB: { id: number; no: string };
  let marketOfB: number; // before case 1 went to dealer B

  it("refuses a code in stock, a code already returned, a code in no package, naming the call that would do", async () => {
    await expectRefused(
      unpackAtDealer({ code: s.I[7] }),
      "code",
      `${s.I[7]} is activated and still in stock, not at a dealer; unpack it through 关联解除 (packaging unlinks)`,
    );
    await expectRefused(
      unpackAtDealer({ code: s.B[1] }),
      "code",
      `${s.B[1]} was returned; it is no longer with a dealer`,
    );
    await expectRefused(
      unpackAtDealer({ code: s.P[0] }),
      "code",
      `${s.P[0]} is in no package; to open ${s.P[0]} itself, unpack it as a whole package`,
    );
  });

  it("关联解除 of a shipped code points to the dealer; 减货 of a code taken out at the dealer points to a return", async () => {
    await expectRefused(
      chain.post("/api/plant/packagingunlinks/add", { code: s.B[0], reason: "返工" }),
      "code",
      `${s.B[0]} was shipped to ${dealerA.name} (${dealerA.code}); unpack it there through 经销商拆包 (unpack at the dealer)`,
    );
    await expectRefused(
      chain.post("/api/plant/packagingunlinks/add", { code: s.I[3], reason: "返工" }),
      "code",
      `${s.I[3]} was returned and is not yet freed; free it (or the package it came back in) through 退货解绑 (return unlinks) before unpacking it`,
    );
  });

  it("a dealer breaks a case to sell its box: one unpacking at the dealer; the box stays the dealer's, on the same waybill", async () => {
    marketOfB = await marketItems(dealerB.id);
    toB = await shipped(dealerB.id, [s.C[1]]);
    const marketBefore = await marketItems(dealerB.id);
    expect(marketBefore).toBe(marketOfB + 1);
    const body = await unpackAtDealer({ code: s.C[1], whole_package: true });
    expect(body.code, body.message).toBe(0);
    expect(body.data).toMatchObject({
      code: s.C[1],
      parent_code: s.C[1],
      level: "case",
      unpacked_count: 1,
      dealer_id: dealerB.id,
      waybill_id: toB.id,
      operator: "admin",
    });
    expect(await stateOf(s.B[2])).toEqual({
      status: "shipped",
      parent_code: null,
      waybill_id: toB.id,
      dealer_id: dealerB.id,
    });
    expect(await chain.all(`SELECT 1 FROM packaging_links WHERE child_code = ?`, [s.B[2]])).toEqual([]);
    expect((await lastEvents(s.C[1], 1))[0]).toMatchObject({
      kind: "unpack",
      parent_code: s.C[1],
      biz_location: dealerB.code,
    });
    expect(await marketItems(dealerB.id)).toBe(marketBefore);
    await expectRefused(
      unpackAtDealer({ code: s.C[1], whole_package: true }),
      "code",
      `${s.C[1]} holds nothing to unpack`,
    );
    await expectRefused(
      chain.post("/api/physical/waybillreductions/add", { code: s.B[2], reason: "少发" }),
      "code",
      `${s.B[2]} was taken out of its package on waybill ${toB.no} at the dealer and is with the dealer; return it through 退货 (returns) instead`,
    );
  });

  it("unbinding the waybill brings back the box taken out at the dealer too; 仓库发货 no longer counts either", async () => {
    const shippedBefore = await shippedItems(dealerB.id);
    expect((await chain.post("/api/physical/waybillunlinks/add", { code: s.C[1], reason: "错发" })).code).toBe(0);
    for (const code of [s.C[1], s.B[2]])
      expect(await stateOf(code)).toEqual({
        status: "activated",
        parent_code: null,
        waybill_id: null,
        dealer_id: null,
      });
    expect(await stateOf(s.I[6])).toMatchObject({ status: "packed", dealer_id: null });
    expect(await shippedItems(dealerB.id)).toBe(shippedBefore - 1);
    expect(await marketItems(dealerB.id)).toBe(marketOfB);
  });
});
