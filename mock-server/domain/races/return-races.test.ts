// A shipped box raced between coming back and going back to stock: two returns of it from its
// dealer and two reductions (减货) of it off its waybill, fired at once. On PostgreSQL only the row
// locks on the box and the packages above it keep one winner; on SQLite one writer runs at a time.
// Each loser gets the refusal its own call gets unraced afterwards, and the ledger replays to the
// stored state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";
import { replayMismatches } from "../../test-fixtures/ledger-replay";

let chain: ChainApp;
let s: Stock;
let returnSerial = 0;

const giveBack = (code: string) =>
  chain.post("/api/physical/returns/add", {
    return_no: `RMA-R${(returnSerial += 1)}`,
    dealer_id: s.dealers[0],
    warehouse_id: s.warehouse,
    codes: code,
    reason: "包装破损",
  });
const reduce = (code: string) => chain.post("/api/physical/waybillreductions/add", { code, reason: "客户少要" });
type Answer = Awaited<ReturnType<typeof reduce>>;
const outcome = (body: Answer) => ({
  status: body.status_code,
  code: body.code,
  fields: Object.keys(body.errors ?? {}),
});

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
  const waybill = await draftWaybill(chain, s, s.dealers[0]);
  expect((await chain.post("/api/physical/waybillcodes/add", { waybill_id: waybill.id, code: s.B[5] })).code).toBe(0);
  expect((await chain.post("/api/physical/waybills/ship", { id: waybill.id })).code).toBe(0);
}, 120_000);
afterAll(() => chain.app.close());

describe("return races", () => {
  it("lets one of two returns and two reductions of one shipped box win; each loser gets its unraced refusal", async () => {
    const calls = [giveBack, giveBack, reduce, reduce];
    const answers = await Promise.all(calls.map((call) => call(s.B[5])));
    expect(answers.filter((body) => body.code === 0)).toHaveLength(1);
    for (const [index, body] of answers.entries()) {
      if (body.code === 0) continue;
      const again = outcome(await calls[index](s.B[5]));
      expect(again.status).toBe(409);
      expect(outcome(body)).toEqual(again);
    }
    const moves = await chain.all(
      `SELECT COUNT(*) AS n FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id
       WHERE e.kind IN ('return', 'void_shipping') AND c.code = ?`,
      [s.B[5]],
    );
    expect(moves).toEqual([{ n: 1 }]);
    expect(await replayMismatches(chain.all, [s.B[5]])).toEqual([]);
  });
});
