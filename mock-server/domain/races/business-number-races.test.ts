// Business numbers raced: two creates with the same waybill number, or the same RMA number, fired
// at once. The unique index decides on both engines (no lock can name a row that does
// not exist yet): one 200, the other the 409 an unraced duplicate gets, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";

let chain: ChainApp;
let s: Stock;

type Answer = Awaited<ReturnType<ChainApp["post"]>>;
const outcome = (body: Answer) => ({
  status: body.status_code,
  code: body.code,
  fields: Object.keys(body.errors ?? {}),
});

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
}, 120_000);
afterAll(() => chain.app.close());

/** Fires `create` twice at once, then once more unraced: one winner, and the loser refused as the repeat is. */
async function expectOneWinner(create: () => Promise<Answer>) {
  const answers = await Promise.all([create(), create()]);
  expect(answers.filter((body) => body.code === 0)).toHaveLength(1);
  const again = outcome(await create());
  expect(again.status).toBe(409);
  expect(outcome(answers.find((body) => body.code !== 0)!)).toEqual(again);
}

describe("business number races", () => {
  it("creates one waybill of two raced with one number", async () => {
    await expectOneWinner(() =>
      chain.post("/api/physical/waybills/add", {
        waybill_no: "WB-RACE-1",
        dealer_id: s.dealers[0],
        warehouse_id: s.warehouse,
        ship_date: "2024-06-01",
      }),
    );
  });

  it("receives one return of two raced with one RMA number", async () => {
    const waybill = await draftWaybill(chain, s, s.dealers[0]);
    for (const code of [s.I[7], s.I[8], s.I[9]])
      expect((await chain.post("/api/physical/waybillcodes/add", { waybill_id: waybill.id, code })).code).toBe(0);
    expect((await chain.post("/api/physical/waybills/ship", { id: waybill.id })).code).toBe(0);
    let next = 0;
    await expectOneWinner(() =>
      chain.post("/api/physical/returns/add", {
        return_no: "RMA-RACE-1",
        dealer_id: s.dealers[0],
        warehouse_id: s.warehouse,
        codes: [s.I[7], s.I[8], s.I[9]][next++ % 3],
        reason: "包装破损",
      }),
    );
  });
});
