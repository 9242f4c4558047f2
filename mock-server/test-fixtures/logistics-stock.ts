// Stock for the logistics tests, made through the real calls on a chain app: a work order's
// product with a packaging hierarchy (3 items a box, 2 boxes a case, 2 cases a pallet), codes
// activated and packed, two dealers and a warehouse, and helpers for waybills and their changes.
import type { ChainApp } from "./chain-app";

export interface Stock {
  /** items: 0-2 in box 0, 3-5 in box 1, 6 in box 2, 7-11 loose; 12 generated (never activated). */
  readonly I: string[];
  /** boxes: 0-1 in case 0, 2 in case 1, 3 empty, 4 voided, 5-6 loose with an item each. */
  readonly B: string[];
  /** cases: 0 in pallet 0, 1 loose (holds box 2). */
  readonly C: string[];
  readonly P: string[];
  readonly dealers: [number, number];
  readonly warehouse: number;
  readonly workOrderId: number;
}

let waybillSerial = 0;

/** The chain calls the stock is made through: an app's (chain-app.ts) or several processes' (alternating-chain.ts). */
export type ChainCalls = Pick<ChainApp, "post" | "all" | "generated" | "workOrder">;

export async function logisticsStock(chain: ChainCalls): Promise<Stock> {
  const must = async (made: ReturnType<ChainCalls["post"]>): Promise<void> => {
    const body = await made;
    if (body.code !== 0) throw new Error(`stock setup refused: ${body.message}`);
  };
  const wo = await chain.workOrder("in_progress");
  const I = (await chain.generated("item", 13)).codes;
  const B = (await chain.generated("box", 7)).codes;
  const C = (await chain.generated("case", 2)).codes;
  const P = (await chain.generated("pallet", 1)).codes;
  const product = (await chain.all(`SELECT product_id FROM production_orders WHERE id = ?`, [wo.id]))[0].product_id;
  for (const [level, child_level, ratio] of [
    ["box", "item", 3],
    ["case", "box", 2],
    ["pallet", "case", 2],
  ] as const)
    await must(chain.post("/api/base/packagehierarchies/add", { product_id: product, level, child_level, ratio }));
  const activate = (first_code: string, last_code: string, level: string) =>
    must(chain.post("/api/plant/codeactivations/add", { work_order_id: wo.id, level, first_code, last_code }));
  await activate(I[0], I[11], "item");
  await activate(B[0], B[3], "box");
  await activate(B[5], B[6], "box");
  await activate(C[0], C[1], "case");
  await activate(P[0], P[0], "pallet");
  const link = (parent_code: string, child_code: string, level: string) =>
    must(chain.post("/api/plant/packaginglinks/add", { parent_code, child_code, level, order_id: wo.id }));
  for (const [box, items] of [
    [0, [0, 1, 2]],
    [1, [3, 4, 5]],
    [2, [6]],
    [5, [10]],
    [6, [11]],
  ] as const)
    for (const item of items) await link(B[box], I[item], "box");
  for (const [kase, boxes] of [
    [0, [0, 1]],
    [1, [2]],
  ] as const)
    for (const box of boxes) await link(C[kase], B[box], "case");
  await link(P[0], C[0], "pallet");
  // Closing the boxes' order voids its one unused code, box 4.
  await must(
    chain.post("/api/tagging/codeorders/close", {
      id: (await chain.all(`SELECT order_id FROM trace_codes WHERE code = ?`, [B[4]]))[0].order_id,
    }),
  );
  const dealers = (await chain.all(`SELECT id FROM dealers ORDER BY id LIMIT 2`)).map((row) => row.id as number) as [
    number,
    number,
  ];
  const warehouse = (await chain.all(`SELECT id FROM warehouses ORDER BY id LIMIT 1`))[0].id as number;
  return { I, B, C, P, dealers, warehouse, workOrderId: wo.id };
}

/** A new draft waybill for `dealer`; its id and number. */
export async function draftWaybill(
  chain: ChainCalls,
  stock: Stock,
  dealer: number,
): Promise<{ id: number; no: string }> {
  waybillSerial += 1;
  const no = `WB-T${waybillSerial}`;
  const body = await chain.post("/api/physical/waybills/add", {
    waybill_no: no,
    dealer_id: dealer,
    warehouse_id: stock.warehouse,
    ship_date: "2024-06-01",
  });
  if (body.code !== 0) throw new Error(`waybill refused: ${body.message}`);
  const { id } = body.data as { id: number };
  return { id, no };
}
