// Work orders on the ledger: unpacking a whole package or one child from a named parent, re-binding,
// a finish that lists the partial (tail) boxes first and closes them once confirmed (a closed box
// takes no more), and closing a work order (planned, in production or finished) voiding its batch's
// unused codes with the count and the reason given, in the work order's EPCIS export.
// Every refusal leaves every table of the chain unchanged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { privateUri } from "../epcis/epcis-identifiers";
import { timeline } from "../ledger/ledger";

let chain: ChainApp;

const link = (wo: number, parent_code: string, child_code: string) =>
  chain.post("/api/plant/packaginglinks/add", { parent_code, child_code, level: "box", order_id: wo });
const unlink = (body: Record<string, unknown>) =>
  chain.post("/api/plant/packagingunlinks/add", { reason: "返工", ...body });
const childrenOf = async (code: string) =>
  (await chain.all(`SELECT code FROM trace_codes WHERE parent_code = ? ORDER BY id`, [code])).map((row) => row.code);
const kinds = async (code: string) => (await timeline(chain.app.consoleContext, code)).map((event) => event.kind);

async function expectRefused(
  made: Promise<Awaited<ReturnType<ChainApp["post"]>>>,
  status: number,
  field: string,
  rule: string | RegExp,
) {
  const before = await chain.snapshot();
  const body = await made;
  expect(body).toMatchObject({ status_code: status, data: null });
  expect(Object.keys(body.errors ?? {})).toEqual([field]);
  expect(body.errors![field]).toMatch(rule);
  expect(await chain.snapshot()).toEqual(before);
}

/** An in-progress work order naming a fresh item batch, `boxes` activated boxes of 3 and the items activated. */
async function line(itemCount: number, boxCount: number) {
  const wo = await chain.workOrder("in_progress");
  const batch = await chain.generated("item", itemCount);
  await chain.app.consoleContext.store.run(`UPDATE production_orders SET code_batch_id = ? WHERE id = ?`, [
    batch.batchId,
    wo.id,
  ]);
  const boxes = boxCount ? (await chain.generated("box", boxCount)).codes : [];
  const product = (await chain.all(`SELECT product_id FROM production_orders WHERE id = ?`, [wo.id]))[0].product_id;
  if (!(await chain.all(`SELECT 1 FROM package_hierarchies WHERE product_id = ? AND level = 'box'`, [product])).length)
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
  return { wo, items: batch.codes, boxes };
}

const activate = (wo: number, level: string, first_code: string, last_code = first_code) =>
  chain.post("/api/plant/codeactivations/add", { work_order_id: wo, level, first_code, last_code });

beforeAll(async () => {
  chain = await chainApp();
}, 60_000);
afterAll(() => chain.app.close());

describe("unpacking a whole package, one child from a named parent, re-binding", () => {
  it("empties a whole box in one unpacking event; the box stays, the items are free to pack again", async () => {
    const { wo, items, boxes } = await line(4, 2);
    expect((await activate(wo.id, "item", items[0], items[3])).code).toBe(0);
    expect((await activate(wo.id, "box", boxes[0], boxes[1])).code).toBe(0);
    for (const item of items.slice(0, 3)) expect((await link(wo.id, boxes[0], item)).code).toBe(0);
    const body = await unlink({ code: boxes[0], whole_package: true });
    expect(body.data).toMatchObject({ code: boxes[0], parent_code: boxes[0], level: "box", unpacked_count: 3 });
    expect(await childrenOf(boxes[0])).toEqual([]);
    expect(await chain.all(`SELECT count(*) AS n FROM packaging_links WHERE parent_code = ?`, [boxes[0]])).toEqual([
      { n: 0 },
    ]);
    const unpacking = (await timeline(chain.app.consoleContext, items[0])).at(-1)!;
    expect(unpacking).toMatchObject({ kind: "unpack", action: "DELETE", parent_code: boxes[0], code_count: 3 });
    // re-binding: the same items into the other box
    for (const item of items.slice(0, 3)) expect((await link(wo.id, boxes[1], item)).code).toBe(0);
    expect(await childrenOf(boxes[1])).toEqual(items.slice(0, 3));
    expect(await kinds(items[0])).toEqual(["issue", "activate", "pack", "unpack", "pack"]);
  });

  it("removes one child from the parent named; refuses another parent, naming the real one", async () => {
    const { wo, items, boxes } = await line(2, 2);
    expect((await activate(wo.id, "item", items[0], items[1])).code).toBe(0);
    expect((await activate(wo.id, "box", boxes[0], boxes[1])).code).toBe(0);
    expect((await link(wo.id, boxes[0], items[0])).code).toBe(0);
    expect((await link(wo.id, boxes[1], items[1])).code).toBe(0);
    await expectRefused(
      unlink({ code: items[0], named_parent: boxes[1] }),
      409,
      "named_parent",
      `${items[0]} is not in ${boxes[1]}; it is packed in ${boxes[0]}`,
    );
    expect((await unlink({ code: items[0], named_parent: boxes[0] })).data).toMatchObject({
      parent_code: boxes[0],
      unpacked_count: 1,
    });
    expect(await childrenOf(boxes[0])).toEqual([]);
    expect(await childrenOf(boxes[1])).toEqual([items[1]]);
  });

  it("refuses to empty a package that holds nothing, or with another parent named (nothing changed)", async () => {
    const { wo, boxes } = await line(1, 1);
    expect((await activate(wo.id, "box", boxes[0])).code).toBe(0);
    await expectRefused(
      unlink({ code: boxes[0], whole_package: true }),
      409,
      "code",
      `${boxes[0]} holds nothing to unpack`,
    );
    await expectRefused(
      unlink({ code: boxes[0], whole_package: true, named_parent: "OTHER" }),
      400,
      "named_parent",
      `leave it empty to unpack the whole package ${boxes[0]}`,
    );
  });
});

describe("finishing a work order closes its partial (tail) boxes after a confirmation", () => {
  it("first lists the tail boxes with their fill (nothing changes), then closes them and finishes when confirmed", async () => {
    const { wo, items, boxes } = await line(5, 3);
    expect((await activate(wo.id, "item", items[0], items[4])).code).toBe(0);
    expect((await activate(wo.id, "box", boxes[0], boxes[2])).code).toBe(0);
    for (const item of items.slice(0, 3)) expect((await link(wo.id, boxes[0], item)).code).toBe(0);
    for (const item of items.slice(3, 5)) expect((await link(wo.id, boxes[1], item)).code).toBe(0);
    // boxes[0] full (3/3), boxes[1] partial (2/3), boxes[2] empty: only boxes[1] is a tail box
    await expectRefused(
      chain.post("/api/plant/productionorders/finish", { id: wo.id }),
      409,
      "confirm",
      `work order ${wo.order_no} has 1 partial package: ${boxes[1]} (2/3); finishing closes it as it is`,
    );
    const finished = await chain.post("/api/plant/productionorders/finish", { id: wo.id, confirm: true });
    expect(finished).toMatchObject({ code: 0, data: { status: "finished" } });
    const closing = (await timeline(chain.app.consoleContext, boxes[1])).at(-1)!;
    expect(closing).toMatchObject({
      kind: "close_package",
      event_type: "ObjectEvent",
      action: "OBSERVE",
      biz_step: "packing",
      disposition: "container_closed",
      code_count: 1,
      reason: `partial: ${boxes[1]} (2/3)`,
    });
    expect((await chain.get("/api/plant/packages/contents", { code: boxes[1] })).data.fill).toEqual({
      held: 2,
      capacity: 3,
      state: "closed",
    });
    expect(await kinds(boxes[0])).not.toContain("close_package");
  });

  it("a closed box takes no more children (nothing changes)", async () => {
    const { wo, items, boxes } = await line(3, 1);
    expect((await activate(wo.id, "item", items[0], items[2])).code).toBe(0);
    expect((await activate(wo.id, "box", boxes[0])).code).toBe(0);
    expect((await link(wo.id, boxes[0], items[0])).code).toBe(0);
    expect((await chain.post("/api/plant/productionorders/finish", { id: wo.id, confirm: true })).code).toBe(0);
    const other = await chain.workOrder("in_progress");
    await expectRefused(
      link(other.id, boxes[0], items[1]),
      409,
      "parent_code",
      `${boxes[0]} was closed as a partial package when its work order finished; it takes no more codes`,
    );
  });

  it("a work order without tail boxes finishes at once", async () => {
    const { wo } = await line(1, 1);
    expect(await chain.post("/api/plant/productionorders/finish", { id: wo.id })).toMatchObject({
      code: 0,
      data: { status: "finished" },
    });
  });
});

describe("closing a work order voids its code batch's unused codes", () => {
  it("voids the codes never activated (one decommissioning event), keeps the activated ones, records the count", async () => {
    const { wo, items } = await line(5, 0);
    expect((await activate(wo.id, "item", items[0], items[1])).code).toBe(0);
    const closed = await chain.post("/api/plant/productionorders/close", { id: wo.id });
    expect(closed).toMatchObject({ code: 0, data: { status: "closed", voided_codes: 3 } });
    const states = await chain.all(
      `SELECT status, void_reason FROM trace_codes WHERE code IN (${items.map(() => "?").join(",")}) ORDER BY id`,
      items,
    );
    expect(states.map((row) => row.status)).toEqual(["activated", "activated", "scrapped", "scrapped", "scrapped"]);
    expect(states[4].void_reason).toBe(`work order ${wo.order_no} closed`);
    expect((await timeline(chain.app.consoleContext, items[4])).at(-1)).toMatchObject({
      kind: "void",
      biz_step: "decommissioning",
      code_count: 3,
      work_order_id: wo.id,
    });
  });

  it("a voided code cannot be activated afterwards (nothing changes)", async () => {
    const { wo, items } = await line(2, 0);
    expect((await chain.post("/api/plant/productionorders/close", { id: wo.id })).data).toMatchObject({
      voided_codes: 2,
    });
    const other = await chain.workOrder("in_progress");
    const before = await chain.snapshot();
    const refused = await activate(other.id, "item", items[0]);
    expect(refused).toMatchObject({
      status_code: 409,
      errors: { first_code: `${items[0]} is voided and cannot be activated` },
    });
    expect(await chain.snapshot()).toEqual(before);
  });

  it("a finished work order is closed to settle it: its unused codes voided with the reason given, a void naming it in its EPCIS export, the count on the order", async () => {
    const { wo, items } = await line(5, 0);
    expect((await activate(wo.id, "item", items[0], items[1])).code).toBe(0);
    expect((await chain.post("/api/plant/productionorders/finish", { id: wo.id })).data).toMatchObject({
      status: "finished",
    });
    const closed = await chain.post("/api/plant/productionorders/close", { id: wo.id, reason: "工单结算" });
    expect(closed).toMatchObject({ code: 0, data: { status: "closed", voided_codes: 3 } });
    const unused = items.slice(2);
    expect(
      await chain.all(
        `SELECT status, void_reason FROM trace_codes WHERE code IN (${unused.map(() => "?").join(",")}) ORDER BY id`,
        unused,
      ),
    ).toEqual(unused.map(() => ({ status: "scrapped", void_reason: "工单结算" })));
    const document = (await chain.get("/api/tagging/tracecodes/epcis", { work_order_id: String(wo.id) })).data as {
      epcisBody: { eventList: Record<string, unknown>[] };
    };
    const voids = document.epcisBody.eventList.filter((event) => event["tc:kind"] === "void");
    expect(voids).toEqual([
      expect.objectContaining({
        type: "ObjectEvent",
        action: "DELETE",
        bizStep: "decommissioning",
        disposition: "inactive",
        "tc:reason": "工单结算",
        epcList: unused.map((code) => privateUri("code", code)).sort(),
      }),
    ]);
  });

  it("closing takes only a reason beside the id; a closed order is not closed again (nothing changes)", async () => {
    const { wo } = await line(1, 0);
    await expectRefused(
      chain.post("/api/plant/productionorders/close", { id: wo.id, note: "工单结算" }),
      400,
      "note",
      /./,
    );
    expect((await chain.post("/api/plant/productionorders/close", { id: wo.id })).code).toBe(0);
    const before = await chain.snapshot();
    expect(await chain.post("/api/plant/productionorders/close", { id: wo.id })).toMatchObject({ status_code: 409 });
    expect(await chain.snapshot()).toEqual(before);
  });

  it("a work order without a code batch closes voiding nothing", async () => {
    const wo = await chain.workOrder();
    expect((await chain.post("/api/plant/productionorders/close", { id: wo.id })).data).toMatchObject({
      status: "closed",
      voided_codes: 0,
    });
  });
});
