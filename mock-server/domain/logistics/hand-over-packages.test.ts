// 成品交接 (handovers create): packed output moves from a line to the warehouse as one handover
// ledger event naming the outermost packages; every refusal names the code and why, and leaves
// every table of the chain unchanged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordEvent, timeline } from "../ledger/ledger";

let chain: ChainApp;
let wo: { id: number; order_no: string };
let items: string[];
let boxes: string[]; // 0, 1 hold items and sit in cases[0]; 2 holds an item, loose; 3 empty; 4 voided
let cases: string[];
let lineId: number;
let warehouseId: number;

const handOver = (codes: string) =>
  chain.post("/api/plant/handovers/add", { codes, line_id: lineId, warehouse_id: warehouseId });
const link = (parent_code: string, child_code: string, level: string) =>
  chain.post("/api/plant/packaginglinks/add", { parent_code, child_code, level, order_id: wo.id });

async function expectRefused(made: ReturnType<typeof handOver>, status: number, rule: string | RegExp) {
  const before = await chain.snapshot();
  const body = await made;
  expect(body).toMatchObject({ status_code: status, data: null });
  expect(body.errors?.codes).toMatch(rule);
  expect(await chain.snapshot()).toEqual(before);
}

beforeAll(async () => {
  chain = await chainApp();
  wo = await chain.workOrder("in_progress");
  items = (await chain.generated("item", 6)).codes;
  boxes = (await chain.generated("box", 5)).codes;
  cases = (await chain.generated("case", 2)).codes;
  lineId = (await chain.all(`SELECT line_id FROM production_orders WHERE id = ?`, [wo.id]))[0].line_id as number;
  warehouseId = (await chain.all(`SELECT id FROM warehouses ORDER BY id LIMIT 1`))[0].id as number;
  const product = (await chain.all(`SELECT product_id FROM production_orders WHERE id = ?`, [wo.id]))[0].product_id;
  for (const [level, child_level, ratio] of [
    ["box", "item", 2],
    ["case", "box", 2],
  ] as const)
    expect(
      (await chain.post("/api/base/packagehierarchies/add", { product_id: product, level, child_level, ratio })).code,
    ).toBe(0);
  for (const [codes, level] of [
    [items, "item"],
    [boxes.slice(0, 4), "box"],
    [cases, "case"],
  ] as const)
    expect(
      (
        await chain.post("/api/plant/codeactivations/add", {
          work_order_id: wo.id,
          level,
          first_code: codes[0],
          last_code: codes.at(-1),
        })
      ).code,
    ).toBe(0);
  await recordEvent(
    chain.app.consoleContext,
    { kind: "void", codes: [boxes[4]], reason: "misprint", operator: null },
    { status: CodeStatus.voided },
  );
  for (const [parent, child, level] of [
    [boxes[0], items[0], "box"],
    [boxes[0], items[1], "box"],
    [boxes[1], items[2], "box"],
    [boxes[2], items[3], "box"],
    [cases[0], boxes[0], "case"],
    [cases[0], boxes[1], "case"],
  ] as const)
    expect((await link(parent, child, level)).code).toBe(0);
}, 60_000);
afterAll(() => chain.app.close());

describe("成品交接 (handovers create)", () => {
  it("refuses unknown, voided, item, empty and inner packages, naming each (nothing changes)", async () => {
    await expectRefused(handOver("NOSUCH"), 400, "NOSUCH is not a known trace code");
    await expectRefused(handOver(boxes[4]), 409, `${boxes[4]} is voided`);
    await expectRefused(
      handOver(items[5]),
      409,
      `${items[5]} is an item code; hand over packed output (a box, case or pallet)`,
    );
    await expectRefused(handOver(boxes[3]), 409, `${boxes[3]} holds nothing: an empty package is not packed output`);
    await expectRefused(
      handOver(boxes[0]),
      409,
      `${boxes[0]} is packed in ${cases[0]}; hand over the outermost package`,
    );
    // one bad code refuses the whole handover
    await expectRefused(handOver(`${cases[0]}\n${boxes[3]}`), 409, `${boxes[3]} holds nothing`);
  });

  it("records one handover event (storing, line → warehouse) naming the packages and counts the items inside", async () => {
    const body = await handOver(`${cases[0]}\n${boxes[2]}`);
    expect(body).toMatchObject({
      code: 0,
      data: { package_count: 2, item_count: 4, line_id: lineId, warehouse_id: warehouseId, operator: "admin" },
    });
    const [line] = await chain.all(`SELECT line_code FROM production_lines WHERE id = ?`, [lineId]);
    const [warehouse] = await chain.all(`SELECT warehouse_code FROM warehouses WHERE id = ?`, [warehouseId]);
    const event = (await timeline(chain.app.consoleContext, cases[0])).at(-1)!;
    expect(event).toMatchObject({
      kind: "handover",
      event_type: "ObjectEvent",
      action: "OBSERVE",
      biz_step: "storing",
      code_count: 8,
      read_point: line.line_code,
      biz_location: warehouse.warehouse_code,
      work_order_id: wo.id,
    });
  });

  it("names the contents too: an item's timeline ends with its handover", async () => {
    expect((await timeline(chain.app.consoleContext, items[0])).at(-1)).toMatchObject({ kind: "handover" });
  });

  it("refuses a package already handed over, or one holding a package handed over (nothing changes)", async () => {
    await expectRefused(handOver(cases[0]), 409, new RegExp(`^${cases[0]} was already handed over`));
    // the box leaves its case, goes into another case: that case now holds a box handed over
    expect((await chain.post("/api/plant/packagingunlinks/add", { code: boxes[1], reason: "重组" })).code).toBe(0);
    expect((await link(cases[1], boxes[1], "case")).code).toBe(0);
    await expectRefused(handOver(cases[1]), 409, new RegExp(`^${cases[1]} holds ${boxes[1]}, already handed over`));
  });
});
