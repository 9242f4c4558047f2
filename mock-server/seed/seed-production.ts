// Seeded production through the chain's rules: a few work orders each get their own
// code orders (items, boxes; the first also a case and an SSCC pallet), generated as the generate
// action generates them; then activation against the work order, packing items → boxes → a case →
// a pallet, a partial (tail) box, and for the first work order the finish that closes its tail
// packages and the closing of its item order, which voids the codes it left unused. The calls'
// own rules do each step (activate, pack, closeTailPackages, closeCodeOrderCodes); the seed only
// writes the log rows those calls' creates would store (code_activations, packaging_links).
import type { AppContext } from "../context";
import { activate } from "../domain/production/activate-codes";
import { closeCodeOrderCodes } from "../domain/codes/close-code-order";
import { closeTailPackages, tailPackages } from "../domain/production/finish-work-order";
import { pack } from "../domain/packing/packing";
import type { Row } from "../resources/row-codec";
import { generateOrder, type GeneratedOrder, type SeededGeneration } from "./seed-code-orders";

/** The product's packaging hierarchy for seeded production, as the example: 10 · 5 · 20. */
export const HIERARCHY = [
  { level: "box", child_level: "item", ratio: 10 },
  { level: "case", child_level: "box", ratio: 5 },
  { level: "pallet", child_level: "case", ratio: 20 },
] as const;
export const ITEMS_PER_BOX = HIERARCHY[0].ratio;
export const BOXES_PER_CASE = HIERARCHY[1].ratio;
/** Unused codes each seeded order keeps (spare labels; the closed order voids them). */
const SPARE = 14;

interface Plan {
  readonly fullBoxes: number;
  /** Items in the work order's last, partial box (0: none). */
  readonly tailItems: number;
  /** Activated items packed in no box (what logistics ships loose). */
  readonly looseItems: number;
  /** Full boxes packed into one case, that case onto one pallet (0: no case). */
  readonly casedBoxes: number;
  /** Finished (its tail packages closed) and its item order closed. */
  readonly finished: boolean;
}

const PLANS: readonly Plan[] = [
  { fullBoxes: 8, tailItems: 6, looseItems: 0, casedBoxes: 5, finished: true },
  // Its tail box stays open: 完工 in the console closes it (tests/e2e/chain/finish-tail-box.spec.ts).
  { fullBoxes: 4, tailItems: 4, looseItems: 6, casedBoxes: 0, finished: false },
  { fullBoxes: 3, tailItems: 0, looseItems: 0, casedBoxes: 0, finished: false },
];

const LEVEL_LETTER: Record<string, string> = { item: "I", box: "B", case: "C", pallet: "P" };

/** The product's hierarchy row for a level, set to the seeded ratio (random rows would give any). */
export async function setHierarchy(ctx: AppContext, productId: number): Promise<void> {
  const info = ctx.catalog.info("package_hierarchies");
  for (const row of HIERARCHY) {
    const found = await ctx.store.get<{ id: number }>(
      `SELECT "id" AS id FROM "package_hierarchies" WHERE "product_id" = ? AND "level" = ? AND "child_level" = ? ORDER BY "id" LIMIT 1`,
      [productId, row.level, row.child_level],
    );
    if (found) await ctx.records.update(info, found.id, { ratio: row.ratio });
    else await ctx.records.insert(info, { product_id: productId, ...row });
  }
}

/** A code order of `quantity` codes of `level` for the work order's product, generated. */
export async function orderCodes(
  ctx: AppContext,
  seed: SeededGeneration,
  workOrder: Row,
  level: string,
  quantity: number,
): Promise<GeneratedOrder | undefined> {
  const rule = await ctx.store.get<{ id: number }>(
    `SELECT "id" AS id FROM "code_rules" WHERE "code_type" = ? AND "status" = 'enabled' ORDER BY "id" LIMIT 1`,
    [level],
  );
  if (!rule) return undefined;
  const orderId = await ctx.records.insert(
    ctx.catalog.info("code_orders"),
    {
      order_no: `PO-${String(workOrder.order_no)}-${LEVEL_LETTER[level]}`.slice(0, 32),
      rule_id: rule.id,
      product_id: workOrder.product_id,
      quantity,
      status: "pending",
    },
    { account: seed.operator },
  );
  return await generateOrder(ctx, orderId, seed);
}

/** Activates `codes` (a run of one order, in issue order) as activation does, with its log row. */
export async function activateRun(
  ctx: AppContext,
  seed: SeededGeneration,
  workOrder: Row,
  codes: readonly string[],
  level: string,
): Promise<void> {
  if (!codes.length) return;
  await activate(ctx, workOrder, codes, level, seed.operator);
  const log = ctx.catalog.find("code_activations");
  if (log)
    await ctx.records.insert(
      log,
      {
        work_order_id: workOrder.id,
        level,
        first_code: codes[0],
        last_code: codes.at(-1),
        activated_count: codes.length,
      },
      { account: seed.operator },
    );
}

export async function packInto(
  ctx: AppContext,
  seed: SeededGeneration,
  workOrder: Row,
  parent: string,
  children: readonly string[],
): Promise<void> {
  const links = ctx.catalog.info("packaging_links");
  for (const child of children) {
    const { level } = await pack(ctx, {
      parentCode: parent,
      childCode: child,
      workOrderId: workOrder.id as number,
      operator: seed.operator,
    });
    await ctx.records.insert(
      links,
      { parent_code: parent, child_code: child, level, order_id: workOrder.id },
      { account: seed.operator },
    );
  }
}

/**
 * A seeded work order names the code batch its items came from (closing it voids that batch's
 * unused codes); the random seed's pick of any batch would void codes of an unrelated order.
 */
export async function nameCodeBatch(ctx: AppContext, workOrderId: number, batchId: number): Promise<void> {
  if (ctx.catalog.info("production_orders").byName.has("code_batch_id"))
    await ctx.records.update(ctx.catalog.info("production_orders"), workOrderId, { code_batch_id: batchId });
}

async function runPlan(ctx: AppContext, seed: SeededGeneration, planned: Row, plan: Plan): Promise<void> {
  const orders = ctx.catalog.info("production_orders");
  await ctx.records.update(orders, planned.id as number, { status: "in_progress" });
  const workOrder = (await ctx.records.row(orders, planned.id as number))!;
  await setHierarchy(ctx, workOrder.product_id as number);
  const boxCount = plan.fullBoxes + (plan.tailItems > 0 ? 1 : 0);
  const itemCount = plan.fullBoxes * ITEMS_PER_BOX + plan.tailItems + plan.looseItems;
  const items = await orderCodes(ctx, seed, workOrder, "item", itemCount + SPARE);
  const boxes = await orderCodes(ctx, seed, workOrder, "box", boxCount + 2);
  if (!items || !boxes) return;
  const [cases, pallets] = plan.casedBoxes
    ? [await orderCodes(ctx, seed, workOrder, "case", 2), await orderCodes(ctx, seed, workOrder, "pallet", 2)]
    : [];
  const usedBoxes = boxes.codes.slice(0, boxCount);
  const usedItems = items.codes.slice(0, itemCount);
  await activateRun(ctx, seed, workOrder, usedBoxes, "box");
  await activateRun(ctx, seed, workOrder, usedItems, "item");
  await nameCodeBatch(ctx, workOrder.id as number, items.batchId);
  // Full boxes first, the tail box last with what is left; loose items stay unpacked.
  for (const [index, box] of usedBoxes.entries()) {
    const first = index * ITEMS_PER_BOX;
    const count = index < plan.fullBoxes ? ITEMS_PER_BOX : plan.tailItems;
    await packInto(ctx, seed, workOrder, box, usedItems.slice(first, first + count));
  }
  const [caseCode, palletCode] = [cases?.codes[0], pallets?.codes[0]];
  if (caseCode && palletCode) {
    await activateRun(ctx, seed, workOrder, [caseCode], "case");
    await activateRun(ctx, seed, workOrder, [palletCode], "pallet");
    await packInto(ctx, seed, workOrder, caseCode, usedBoxes.slice(0, plan.casedBoxes));
    await packInto(ctx, seed, workOrder, palletCode, [caseCode]);
  }
  if (!plan.finished) return;
  // 完工, confirmed: the tail box and the partial pallet close with the order.
  await closeTailPackages(ctx, workOrder.id as number, await tailPackages(ctx, workOrder.id as number), seed.operator);
  await ctx.records.update(orders, workOrder.id as number, { status: "finished" });
  // 关闭订单: its item order's spare labels are voided; the closure names the count.
  await closeCodeOrderCodes(ctx, ctx.catalog.info("code_orders"), items.orderId, seed.operator);
  await ctx.records.update(ctx.catalog.info("code_orders"), items.orderId, { status: "closed" });
}

export async function seedProduction(ctx: AppContext, seed: SeededGeneration): Promise<void> {
  const workOrders = await ctx.store.all<Row>(
    `SELECT * FROM "production_orders" WHERE "status" IN ('in_progress', 'planned') AND "product_id" IS NOT NULL ORDER BY "status", "id" LIMIT ?`,
    [PLANS.length],
  );
  for (const [index, workOrder] of workOrders.entries()) await runPlan(ctx, seed, workOrder, PLANS[index]);
}
