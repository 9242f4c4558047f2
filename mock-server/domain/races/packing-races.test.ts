// Packing raced: the same item into two boxes at once, and more items than a box has places left,
// all fired in parallel. On PostgreSQL the requests run side by side, so only the packing rule's row
// locks (lockCodes: the item and the box) keep exactly one winner per item and per place; on SQLite
// one writer runs at a time and the losers get the same refusal. Either way the ledger replays to
// the stored state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { replayMismatches } from "../../test-fixtures/ledger-replay";

let chain: ChainApp;
let wo: { id: number };
let items: string[];
let boxes: string[];

const link = (parent_code: string, child_code: string) =>
  chain.post("/api/plant/packaginglinks/add", { parent_code, child_code, level: "box", order_id: wo.id });
const outcome = (body: Awaited<ReturnType<typeof link>>) => ({
  status: body.status_code,
  code: body.code,
  fields: Object.keys(body.errors ?? {}),
});

beforeAll(async () => {
  chain = await chainApp();
  wo = await chain.workOrder("in_progress");
  items = (await chain.generated("item", 8)).codes;
  boxes = (await chain.generated("box", 6)).codes;
  const product = (await chain.all(`SELECT product_id FROM production_orders WHERE id = ?`, [wo.id]))[0].product_id;
  expect(
    (
      await chain.post("/api/base/packagehierarchies/add", {
        product_id: product,
        level: "box",
        child_level: "item",
        ratio: 3,
      })
    ).code,
  ).toBe(0);
  const activate = (first_code: string, last_code: string, level: string) =>
    chain.post("/api/plant/codeactivations/add", { work_order_id: wo.id, level, first_code, last_code });
  expect((await activate(items[0], items[7], "item")).code).toBe(0);
  expect((await activate(boxes[0], boxes[5], "box")).code).toBe(0);
}, 60_000);
afterAll(() => chain.app.close());

describe("packing races", () => {
  it("packs one item raced into four boxes once: one 200, the others the refusal a second pack gets", async () => {
    const answers = await Promise.all(boxes.slice(0, 4).map((box) => link(box, items[0])));
    const winners = answers.filter((body) => body.code === 0);
    expect(winners).toHaveLength(1);
    // The refusal a pack of an already packed item gets when nothing races.
    const again = outcome(await link(boxes[4], items[0]));
    expect(again).toMatchObject({ status: 409, fields: ["child_code"] });
    expect(answers.filter((body) => body.code !== 0).map(outcome)).toEqual([again, again, again]);
    const packedIn = await chain.all(`SELECT parent_code FROM trace_codes WHERE code = ?`, [items[0]]);
    expect(await chain.all(`SELECT parent_code FROM packaging_links WHERE child_code = ?`, [items[0]])).toEqual(
      packedIn,
    );
    // Any of the four boxes may win; the ledger holds one pack event naming the item, whichever it was.
    expect(
      await chain.all(
        `SELECT COUNT(*) AS n FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id
          WHERE e.kind = 'pack' AND c.code = ?`,
        [items[0]],
      ),
    ).toEqual([{ n: 1 }]);
    expect(await replayMismatches(chain.all, [items[0], ...boxes.slice(0, 4)])).toEqual([]);
  });

  it("fills a box's last places once: five items raced into a box of three, three packed, two refused as full", async () => {
    const box = boxes[5];
    const racing = items.slice(1, 6);
    const answers = await Promise.all(racing.map((item) => link(box, item)));
    expect(answers.filter((body) => body.code === 0)).toHaveLength(3);
    const losers = answers.filter((body) => body.code !== 0).map(outcome);
    expect(losers).toHaveLength(2);
    const again = outcome(await link(box, items[6]));
    expect(again).toMatchObject({ status: 409, fields: ["parent_code"] });
    for (const loser of losers) expect(loser).toEqual(again);
    expect(await chain.all(`SELECT COUNT(*) AS n FROM trace_codes WHERE parent_code = ?`, [box])).toEqual([{ n: 3 }]);
    expect(await replayMismatches(chain.all, [...racing, box])).toEqual([]);
  });
});
