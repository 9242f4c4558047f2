// 退货收货撤销 (return_cancellations create) on the real contract: a code received at the return
// station by mistake is taken back by declaring its return event in error (EPCIS 2.0). The code and
// what it holds are shipped to the dealer again, the dealer unpack before the receipt stays, the
// code leaves its returns row (a row left with no code is deleted), the return report stops counting
// it and the EPCIS export carries the errorDeclaration. Refusals leave the whole chain as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { epcisSchemaErrors } from "../../test-fixtures/epcis-schema";
import { draftWaybill, logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";
import { call, envelope, login } from "../../test-fixtures/test-app";
import { replayMismatches } from "../../test-fixtures/ledger-replay";
import { timeline } from "../ledger/ledger";

let chain: ChainApp;
let s: Stock;
let W1: { id: number; no: string }; // dealer 0: case 1 (box 2, item 6) and items 7, 8, 9

const scan = (code: string, return_no = "RMA-U1") =>
  chain.post("/api/physical/returns/receivescan", {
    return_no,
    dealer_id: s.dealers[0],
    warehouse_id: s.warehouse,
    reason: "包装破损",
    codes: code,
  });
const cancel = (code: string) => chain.post("/api/physical/returncancellations/add", { code, reason: "扫错了" });
const stateOf = async (code: string) =>
  (await chain.all(`SELECT status, parent_code, dealer_id, waybill_id FROM trace_codes WHERE code = ?`, [code]))[0];
const returnRows = async (rma: string) =>
  await chain.all(`SELECT codes, quantity FROM returns WHERE return_no = ?`, [rma]);
const reported = async (rma: string) =>
  (await chain.all(`SELECT code FROM return_units WHERE rma = ? ORDER BY code`, [rma])).map((row) => row.code);

async function expectRefused(made: ReturnType<typeof cancel>, rule: string | RegExp) {
  const before = await chain.snapshot();
  const body = (await made) as { status_code: number; errors?: Record<string, string> };
  expect(body).toMatchObject({ status_code: 409 });
  expect(Object.keys(body.errors ?? {})).toEqual(["code"]);
  expect(body.errors!.code).toMatch(rule);
  expect(await chain.snapshot()).toEqual(before);
}

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
  W1 = await draftWaybill(chain, s, s.dealers[0]);
  for (const code of [s.C[1], s.I[7], s.I[8], s.I[9]])
    expect((await chain.post("/api/physical/waybillcodes/add", { waybill_id: W1.id, code })).code).toBe(0);
  expect((await chain.post("/api/physical/waybills/ship", { id: W1.id })).code).toBe(0);
  for (const code of [s.I[9], s.B[2]]) expect((await scan(code)).code).toBe(0);
}, 120_000);
afterAll(() => chain.app.close());

describe("taking back a return received by mistake (return_cancellations create)", () => {
  it("declares the box's return in error: it and its item are shipped again, the dealer unpack stays", async () => {
    const returned = (await timeline(chain.app.consoleContext, s.B[2])).at(-1)!;
    expect(returned.kind).toBe("return");
    expect(await reported("RMA-U1")).toEqual([s.B[2], s.I[6], s.I[9]].sort());
    const body = await cancel(s.B[2]);
    expect(body.code, body.message).toBe(0);
    expect(body.data).toMatchObject({ code: s.B[2], return_no: "RMA-U1", quantity: 1, operator: "admin" });
    expect(await stateOf(s.B[2])).toMatchObject({
      status: "shipped",
      parent_code: null,
      dealer_id: s.dealers[0],
      waybill_id: W1.id,
    });
    expect(await stateOf(s.I[6])).toMatchObject({ status: "shipped", parent_code: s.B[2] });
    expect(await stateOf(s.C[1])).toMatchObject({ status: "shipped" });
    expect(await chain.all(`SELECT event_id, reason, operator FROM _ledger_error_declarations`)).toEqual([
      { event_id: returned.id, reason: "incorrect_data", operator: "admin" },
    ]);
    // The event itself stays: the ledger is append-only.
    expect((await timeline(chain.app.consoleContext, s.B[2])).at(-1)!.id).toBe(returned.id);
    expect(await returnRows("RMA-U1")).toEqual([{ codes: s.I[9], quantity: 1 }]);
    expect(await reported("RMA-U1")).toEqual([s.I[9]]);
    // The state is what the ledger says once the declared return is left out.
    expect(await replayMismatches(chain.all, [s.C[1], s.B[2], s.I[6], s.I[9]])).toEqual([]);
  });

  it("the code's timeline (流转记录) keeps the return, marked as declared in error", async () => {
    const body = await chain.get("/api/tagging/tracecodes/lookup", { code: s.I[6] });
    expect(body.code, body.message).toBe(0);
    const events = (body.data as { timeline: { kind: string; via: string | null; declared_in_error: boolean }[] })
      .timeline;
    expect(events.filter((event) => event.declared_in_error)).toEqual([
      expect.objectContaining({ kind: "return", via: s.B[2] }),
    ]);
    expect(events.filter((event) => event.kind === "ship")).toEqual([
      expect.objectContaining({ declared_in_error: false }),
    ]);
  });

  it("the EPCIS export keeps the declared event, with its errorDeclaration, valid by GS1's schema", async () => {
    const token = await login(chain.app, "admin");
    const body = envelope(
      await call(chain.app, { url: "/api/tagging/tracecodes/epcis", token, query: { code: s.B[2] } }),
    );
    expect(body.code, body.message).toBe(0);
    const document = body.data as { epcisBody: { eventList: Record<string, unknown>[] } };
    const returns = document.epcisBody.eventList.filter((event) => event["tc:kind"] === "return");
    expect(returns).toHaveLength(1);
    expect(returns[0].errorDeclaration).toEqual({
      declarationTime: expect.any(String),
      reason: "https://ref.gs1.org/cbv/ER-incorrect_data",
    });
    expect(document.epcisBody.eventList.filter((event) => event.errorDeclaration)).toHaveLength(1);
    expect(epcisSchemaErrors(document)).toEqual([]);
  });

  it("refuses a second undo of the same code, and a code that was never returned", async () => {
    await expectRefused(cancel(s.B[2]), new RegExp(`^${s.B[2]} is shipped, not returned`));
    await expectRefused(cancel(s.I[7]), new RegExp(`^${s.I[7]} is shipped, not returned`));
  });

  it("a code taken back is received again, and that receipt is taken back in turn", async () => {
    expect((await scan(s.B[2])).code).toBe(0);
    expect(await returnRows("RMA-U1")).toEqual([{ codes: `${s.I[9]}\n${s.B[2]}`, quantity: 2 }]);
    expect((await cancel(s.B[2])).code).toBe(0);
    expect(await chain.all(`SELECT count(*) AS n FROM _ledger_error_declarations`)).toEqual([{ n: 2 }]);
    expect((await stateOf(s.B[2])).status).toBe("shipped");
  });

  it("the last code taken back deletes its return", async () => {
    expect((await cancel(s.I[9])).code).toBe(0);
    expect(await returnRows("RMA-U1")).toEqual([]);
    expect(await reported("RMA-U1")).toEqual([]);
    expect((await stateOf(s.I[9])).status).toBe("shipped");
    expect(await replayMismatches(chain.all, [s.C[1], s.B[2], s.I[6], s.I[9]])).toEqual([]);
  });

  it("refuses part of a receipt of several codes (登记退货), naming the RMA", async () => {
    const body = await chain.post("/api/physical/returns/add", {
      return_no: "RMA-M1",
      dealer_id: s.dealers[0],
      warehouse_id: s.warehouse,
      codes: `${s.I[7]} ${s.I[8]}`,
      reason: "滞销",
    });
    expect(body.code, body.message).toBe(0);
    await expectRefused(cancel(s.I[7]), /received with 1 other codes under RMA RMA-M1; .*not supported here/);
  });

  it("refuses a code freed (退货解绑) after its return", async () => {
    expect((await chain.post("/api/physical/returnunlinks/add", { code: s.I[8], reason: "复检合格" })).code).toBe(0);
    await expectRefused(cancel(s.I[8]), new RegExp(`^${s.I[8]} is .*, not returned`));
  });

  it("keeps its declarations append-only: no update, no delete", async () => {
    const store = chain.app.consoleContext.store;
    await expect(store.run(`UPDATE _ledger_error_declarations SET reason = 'x'`)).rejects.toThrow(/append-only/);
    await expect(store.run(`DELETE FROM _ledger_error_declarations`)).rejects.toThrow(/append-only/);
  });
});
