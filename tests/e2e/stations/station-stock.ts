// Stock the logistics stations' browser tests make for themselves through the chain's own calls, so
// no earlier test of the run can have used it up: unused codes of the seed activated under a work
// order in production and packed as the test needs (items into boxes, boxes into a case).
import { expect, type APIRequestContext } from "@playwright/test";
import { ok, stamp } from "../org/org-helpers";

interface WorkOrder {
  id: number;
  product_id: number;
}

export interface StationStock {
  readonly workOrder: number;
  /** `count` unused codes of `level`, activated under the work order. */
  fresh(level: string, count: number): Promise<string[]>;
  /** `child` into `parent` through the packing rule. */
  pack(parent: string, child: string, level: string): Promise<void>;
}

export async function stationStock(request: APIRequestContext, token: string): Promise<StationStock> {
  const [workOrder] = (
    await ok<{ list: WorkOrder[] }>(
      request,
      token,
      "/api/plant/productionorders/pagelist?page=1&size=1&status=in_progress",
    )
  ).list;
  expect(workOrder, "a work order in production").toBeDefined();
  const hierarchy = (
    await ok<{ list: { level: string; child_level: string; ratio: number }[] }>(
      request,
      token,
      `/api/base/packagehierarchies/pagelist?page=1&size=50&product_id=${workOrder.product_id}`,
    )
  ).list;
  for (const [level, child_level] of [
    ["box", "item"],
    ["case", "box"],
  ]) {
    const held = hierarchy.find((row) => row.level === level && row.child_level === child_level);
    if (held) expect(held.ratio, `${level} of ${child_level}: room for two`).toBeGreaterThanOrEqual(2);
    else
      await ok(request, token, "/api/base/packagehierarchies/add", {
        product_id: workOrder.product_id,
        level,
        child_level,
        ratio: 4,
      });
  }
  return {
    workOrder: workOrder.id,
    async fresh(level, count) {
      const { list } = await ok<{ list: { code: string }[] }>(
        request,
        token,
        `/api/tagging/tracecodes/pagelist?page=1&size=${count}&status=generated&code_type=${level}`,
      );
      expect(list, `${count} unused ${level} codes in the seed`).toHaveLength(count);
      for (const { code } of list)
        await ok(request, token, "/api/plant/codeactivations/add", {
          work_order_id: workOrder.id,
          level,
          first_code: code,
        });
      return list.map((row) => row.code);
    },
    async pack(parent, child, level) {
      await ok(request, token, "/api/plant/packaginglinks/add", {
        parent_code: parent,
        child_code: child,
        level,
        order_id: workOrder.id,
      });
    },
  };
}

/** A new draft waybill to the first dealer from the first warehouse; its id, number and dealer. */
export async function draftWaybill(
  request: APIRequestContext,
  token: string,
): Promise<{ id: number; no: string; dealer: number; warehouse: number }> {
  const [dealer] = (await ok<{ list: { id: number }[] }>(request, token, "/api/base/dealers/pagelist?page=1&size=1"))
    .list;
  const [warehouse] = (
    await ok<{ list: { id: number }[] }>(request, token, "/api/base/warehouses/pagelist?page=1&size=1")
  ).list;
  const no = `WS-${stamp().toUpperCase()}`;
  const { id } = await ok<{ id: number }>(request, token, "/api/physical/waybills/add", {
    waybill_no: no,
    dealer_id: dealer.id,
    warehouse_id: warehouse.id,
    ship_date: "2024-06-01",
  });
  return { id, no, dealer: dealer.id, warehouse: warehouse.id };
}
