// 码激活 (code_activations create, rule activate-codes) on inject(): one code, a range or a batch
// against a work order, one ledger event each; produced quantity derived from the ledger; every
// refusal names what is wrong and leaves every table of the chain as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordEvent, timeline } from "../ledger/ledger";

let chain: ChainApp;
let items: string[];
let boxes: { codes: string[]; batchId: number };
let otherItems: string[];
let wo: { id: number; order_no: string };
const activate = (body: Record<string, unknown>) =>
  chain.post("/api/plant/codeactivations/add", { work_order_id: wo.id, level: "item", ...body });
const stateOf = async (code: string) =>
  (await chain.all(`SELECT status, work_order_id, batch_no FROM trace_codes WHERE code = ?`, [code]))[0];
const produced = async () =>
  (await chain.all(`SELECT produced_qty FROM production_orders WHERE id = ?`, [wo.id]))[0].produced_qty;

async function expectRefused(made: ReturnType<typeof activate>, status: number, field: string, rule: string | RegExp) {
  const before = await chain.snapshot();
  const body = await made;
  expect(body).toMatchObject({ status_code: status, data: null });
  expect(Object.keys(body.errors ?? {})).toEqual([field]);
  expect(body.errors![field]).toMatch(rule);
  expect(await chain.snapshot()).toEqual(before);
}

beforeAll(async () => {
  chain = await chainApp();
  items = (await chain.generated("item", 8)).codes;
  boxes = await chain.generated("box", 3);
  otherItems = (await chain.generated("item", 2)).codes;
  wo = await chain.workOrder();
}, 60_000);
afterAll(() => chain.app.close());

describe("activation", () => {
  it("one code: activated with the work order's lot, one commissioning event with ilmd and prodorder, produced 1", async () => {
    const body = await activate({ first_code: items[0] });
    expect(body).toMatchObject({
      code: 0,
      data: { activated_count: 1, operator: "admin", activated_at: "2024-06-01T08:00:00Z" },
    });
    expect(await stateOf(items[0])).toEqual({
      status: "activated",
      work_order_id: wo.id,
      batch_no: expect.stringMatching(/^L\d+$/),
    });
    const events = await timeline(chain.app.consoleContext, items[0]);
    expect(events.map((event) => [event.kind, event.biz_step, event.action])).toEqual([
      ["issue", "encoding", "OBSERVE"],
      ["activate", "commissioning", "ADD"],
    ]);
    expect(events[1]).toMatchObject({
      work_order_id: wo.id,
      production_date: "2024-06-01",
      expiry_date: "2025-06-01",
      operator: "admin",
    });
    expect(
      await chain.all(`SELECT type, value FROM _ledger_biz_transactions WHERE event_id = ?`, [events[1].id]),
    ).toEqual([{ type: "prodorder", value: wo.order_no }]);
    expect(await produced()).toBe(1);
  });

  it("a range (first to last of one order): every code between, one event; produced counts the ledger", async () => {
    const body = await activate({ first_code: items[1], last_code: items[3] });
    expect(body.data.activated_count).toBe(3);
    const statuses: unknown[] = [];
    for (const code of items.slice(1, 4)) statuses.push((await stateOf(code)).status);
    expect(statuses).toEqual(["activated", "activated", "activated"]);
    expect((await stateOf(items[4])).status).toBe("generated");
    expect(await produced()).toBe(4);
  });

  it("a whole batch of box codes: boxes are not produced items", async () => {
    const body = await activate({ batch_id: boxes.batchId, level: "box" });
    expect(body.data.activated_count).toBe(3);
    const boxStatuses: unknown[] = [];
    for (const code of boxes.codes) boxStatuses.push((await stateOf(code)).status);
    expect(boxStatuses).toEqual(["activated", "activated", "activated"]);
    expect(await produced()).toBe(4);
  });

  it("produced_qty cannot be typed: the update schema has no such field", async () => {
    const body = await chain.post("/api/plant/productionorders/update", { id: wo.id, produced_qty: 999 });
    expect(body.status_code).toBe(400);
    expect(await produced()).toBe(4);
  });
});

describe("activation refusals (nothing changes)", () => {
  it("the wrong level: a box code is not an item, nor an item a box", async () => {
    const [box] = (await chain.generated("box", 1)).codes;
    await expectRefused(
      activate({ first_code: box, level: "item" }),
      400,
      "first_code",
      `${box} is a box code, not an item code`,
    );
    await expectRefused(
      activate({ first_code: items[5], level: "box" }),
      400,
      "first_code",
      `${items[5]} is an item code, not a box code`,
    );
  });

  it("a second activation names the work order it was activated for", async () => {
    await expectRefused(
      activate({ first_code: items[0] }),
      409,
      "first_code",
      `${items[0]} is already activated (work order ${wo.order_no}); a code is activated once`,
    );
    // A range that holds one activated code is refused whole.
    await expectRefused(
      activate({ first_code: items[3], last_code: items[6] }),
      409,
      "first_code",
      new RegExp(`${items[3]} is already activated`),
    );
  });

  it("a voided code", async () => {
    await recordEvent(
      chain.app.consoleContext,
      { kind: "void", codes: [items[7]], reason: "misprint", operator: null },
      { status: CodeStatus.voided },
    );
    await expectRefused(
      activate({ first_code: items[7] }),
      409,
      "first_code",
      `${items[7]} is voided and cannot be activated`,
    );
  });

  it("an unknown code, a range across orders or backwards, nothing to activate, a batch and codes together", async () => {
    await expectRefused(
      activate({ first_code: "NOSUCHCODE" }),
      400,
      "first_code",
      "NOSUCHCODE is not a known trace code",
    );
    await expectRefused(
      activate({ first_code: items[5], last_code: otherItems[1] }),
      400,
      "last_code",
      /is of another code order than/,
    );
    await expectRefused(activate({ first_code: items[6], last_code: items[5] }), 400, "last_code", /was issued before/);
    await expectRefused(activate({}), 400, "first_code", "give a code (or a range, or a batch) to activate");
    await expectRefused(
      activate({ batch_id: boxes.batchId, first_code: items[5] }),
      400,
      "batch_id",
      "give a batch or codes, not both",
    );
  });

  it("a finished or closed work order takes no activations", async () => {
    const closed = await chain.workOrder("closed");
    await expectRefused(
      chain.post("/api/plant/codeactivations/add", { work_order_id: closed.id, level: "item", first_code: items[5] }),
      409,
      "work_order_id",
      `work order ${closed.order_no} is closed; only a planned or in-progress work order takes activations`,
    );
  });
});
