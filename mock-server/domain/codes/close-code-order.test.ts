// Closing a code order voids its unused codes through the ledger and records the count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { timeline } from "../ledger/ledger";

let chain: ChainApp;
beforeAll(async () => {
  chain = await chainApp();
}, 60_000);
afterAll(() => chain.app.close());

describe("code_orders.close", () => {
  it("voids the codes never activated (one decommissioning event), keeps the activated ones, records the count", async () => {
    const { orderId, codes } = await chain.generated("item", 5);
    const wo = await chain.workOrder();
    expect(
      (
        await chain.post("/api/plant/codeactivations/add", {
          work_order_id: wo.id,
          level: "item",
          first_code: codes[0],
          last_code: codes[1],
        })
      ).code,
    ).toBe(0);
    const body = await chain.post("/api/tagging/codeorders/close", { id: orderId });
    expect(body).toMatchObject({ code: 0, data: { status: "closed" } });
    const states = await chain.all(`SELECT code, status, void_reason FROM trace_codes WHERE order_id = ? ORDER BY id`, [
      orderId,
    ]);
    expect(states.map((row) => row.status)).toEqual(["activated", "activated", "scrapped", "scrapped", "scrapped"]);
    const orderNo = (await chain.all(`SELECT order_no FROM code_orders WHERE id = ?`, [orderId]))[0].order_no as string;
    expect(states[2].void_reason).toBe(`code order ${orderNo} closed`);
    const voiding = (await timeline(chain.app.consoleContext, codes[4])).at(-1)!;
    expect(voiding).toMatchObject({
      kind: "void",
      event_type: "ObjectEvent",
      action: "DELETE",
      biz_step: "decommissioning",
      code_count: 3,
      operator: "admin",
    });
    expect(
      await chain.all(
        `SELECT ordered_quantity, voided_quantity, closed_by FROM code_order_closures WHERE order_id = ?`,
        [orderId],
      ),
    ).toEqual([{ ordered_quantity: 5, voided_quantity: 3, closed_by: "admin" }]);
  });

  it("a voided code cannot be activated afterwards, and a closed order cannot be closed again (nothing changes)", async () => {
    const { orderId, codes } = await chain.generated("item", 2);
    await chain.post("/api/tagging/codeorders/close", { id: orderId });
    const wo = await chain.workOrder();
    const before = await chain.snapshot();
    const refused = await chain.post("/api/plant/codeactivations/add", {
      work_order_id: wo.id,
      level: "item",
      first_code: codes[0],
    });
    expect(refused).toMatchObject({
      status_code: 409,
      errors: { first_code: `${codes[0]} is voided and cannot be activated` },
    });
    expect((await chain.post("/api/tagging/codeorders/close", { id: orderId })).code).toBe(40902);
    expect(await chain.snapshot()).toEqual(before);
  });
});
