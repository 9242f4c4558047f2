// Activations raced: two overlapping ranges of one code order fired at once, and two disjoint
// ranges for one work order at once. On PostgreSQL only the locks (the work order's row, then the
// range's codes) keep each code activated once and produced_qty equal to the ledger's count; on
// SQLite one writer runs at a time. The loser gets the refusal an unraced repeat gets, and the
// ledger replays to the stored state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { replayMismatches } from "../../test-fixtures/ledger-replay";

let chain: ChainApp;
let wo: { id: number };
let items: string[];

const activate = (first_code: string, last_code: string) =>
  chain.post("/api/plant/codeactivations/add", { work_order_id: wo.id, level: "item", first_code, last_code });
type Answer = Awaited<ReturnType<typeof activate>>;
const outcome = (body: Answer) => ({
  status: body.status_code,
  code: body.code,
  fields: Object.keys(body.errors ?? {}),
});
const producedQty = async () =>
  (await chain.all(`SELECT produced_qty FROM production_orders WHERE id = ?`, [wo.id]))[0].produced_qty;

beforeAll(async () => {
  chain = await chainApp();
  wo = await chain.workOrder("in_progress");
  items = (await chain.generated("item", 40)).codes;
}, 60_000);
afterAll(() => chain.app.close());

describe("activation races", () => {
  it("activates two overlapping ranges raced once: one 200, the other the refusal of an unraced repeat", async () => {
    const answers = await Promise.all([activate(items[0], items[9]), activate(items[5], items[14])]);
    expect(answers.filter((body) => body.code === 0)).toHaveLength(1);
    const lost = answers.findIndex((body) => body.code !== 0);
    const again = outcome(lost === 0 ? await activate(items[0], items[9]) : await activate(items[5], items[14]));
    expect(again).toMatchObject({ status: 409, fields: ["first_code"] });
    expect(outcome(answers[lost])).toEqual(again);
    const events = await chain.all(
      `SELECT COUNT(*) AS n FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE e.kind = 'activate' AND e.work_order_id = ?`,
      [wo.id],
    );
    expect(events).toEqual([{ n: 10 }]);
    expect(await producedQty()).toBe(10);
    expect(await replayMismatches(chain.all, items.slice(0, 15))).toEqual([]);
  });

  it("counts produced_qty right when four disjoint ranges of one work order are activated at once", async () => {
    const answers = await Promise.all([15, 20, 25, 30].map((start) => activate(items[start], items[start + 4])));
    expect(answers.map((body) => body.code)).toEqual([0, 0, 0, 0]);
    expect(await producedQty()).toBe(30);
    expect(await replayMismatches(chain.all, items.slice(15, 35))).toEqual([]);
  });
});
