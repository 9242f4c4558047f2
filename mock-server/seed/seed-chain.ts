// After the generic seed, the traceability chain is made true through its rules (issue 10 §9, a
// first step): the seeded codes are taken into the ledger as issued (one import event per code
// order, every code back to "generated" with no parent — random statuses had no history), then a
// few work orders activate item and box codes and pack items into boxes through the same
// functions the calls use, and every work order's produced quantity is recounted from the ledger.
// Packaging links and their logs are seeded here only, never as random rows (their seed rows are 0).
import { seedScans } from "./seed-scans";
import type { AppContext } from "../context";
import { activate, producedQuantity } from "../domain/activate-codes";
import { CodeStatus } from "../domain/ledger/event-vocabulary";
import { recordEvent } from "../domain/ledger/ledger";
import { pack } from "../domain/packing";
import { seedLogistics } from "./seed-logistics";

const ALL_STATUSES = Object.values(CodeStatus);
const WORK_ORDERS = 3;
const ITEMS_PER_BOX = 10;
const BOXES_PER_WORK_ORDER = 3;

const hasChain = (ctx: AppContext): boolean =>
  ["trace_codes", "production_orders", "package_hierarchies", "packaging_links"].every((name) => ctx.catalog.find(name)) &&
  ["status", "code_type", "work_order_id", "parent_code"].every((name) => ctx.catalog.info("trace_codes").byName.has(name));

function issueSeededCodes(ctx: AppContext): void {
  const orders = ctx.store.all<{ order_id: number | null }>(`SELECT DISTINCT "order_id" AS order_id FROM "trace_codes" ORDER BY 1`);
  for (const { order_id } of orders) {
    const codes = ctx.store
      .all<{ code: string }>(`SELECT "code" AS code FROM "trace_codes" WHERE "order_id" ${order_id === null ? "IS NULL" : "= ?"} ORDER BY "id"`, order_id === null ? [] : [order_id])
      .map((row) => row.code);
    recordEvent(
      ctx,
      { kind: "import", codes, operator: null, reason: "demo data" },
      { status: CodeStatus.generated, parent_code: null, work_order_id: null, void_reason: null, replaced_by: null },
      ALL_STATUSES,
    );
    const batchId = order_id === null ? undefined : ensureImportBatch(ctx, order_id, codes);
    // The codes name the batch they came with (生码查询表's filter by batch).
    if (batchId !== undefined && ctx.catalog.info("trace_codes").byName.has("batch_id"))
      ctx.store.run(`UPDATE "trace_codes" SET "batch_id" = ? WHERE "order_id" = ?`, [batchId, order_id]);
  }
}

/**
 * The batch a code order's seeded codes came in, as an import records it: every code order with
 * codes has one, so a work order can name the batch its items came from (random batch rows would
 * name orders without codes and leave orders with codes batchless).
 */
/** The order's first batch, made as an import batch of its codes when it has none; its id. */
function ensureImportBatch(ctx: AppContext, orderId: number, codes: readonly string[]): number | undefined {
  const batches = ctx.catalog.find("code_batches");
  if (!batches || !batches.byName.has("source") || codes.length === 0) return undefined;
  const first = ctx.store.get<{ id: number }>(`SELECT "id" AS id FROM "code_batches" WHERE "order_id" = ? ORDER BY "id" LIMIT 1`, [orderId]);
  if (first) return first.id;
  const order = ctx.store.get<{ rule_id: number | null }>(`SELECT "rule_id" AS rule_id FROM "code_orders" WHERE "id" = ?`, [orderId]);
  const type = ctx.store.get<{ code_type: string | null }>(`SELECT "code_type" AS code_type FROM "trace_codes" WHERE "code" = ?`, [codes[0]]);
  return ctx.records.insert(batches, {
    batch_no: `IMP-${String(orderId).padStart(6, "0")}`,
    order_id: orderId,
    rule_id: order?.rule_id ?? null,
    code_type: type?.code_type ?? null,
    quantity: codes.length,
    source: "imported",
    status: "done",
    succeeded: codes.length,
    failed: 0,
    first_code: codes[0],
    last_code: codes.at(-1),
  });
}

function freeCodes(ctx: AppContext, type: string, count: number): string[] {
  return ctx.store
    .all<{ code: string }>(`SELECT "code" AS code FROM "trace_codes" WHERE "status" = 'generated' AND "code_type" = ? ORDER BY "id" LIMIT ?`, [type, count])
    .map((row) => row.code);
}

function ensureBoxOfItems(ctx: AppContext, productId: number): void {
  const found = ctx.store.get(`SELECT 1 FROM "package_hierarchies" WHERE "product_id" = ? AND "level" = 'box' AND "child_level" = 'item'`, [productId]);
  if (!found) ctx.records.insert(ctx.catalog.info("package_hierarchies"), { product_id: productId, level: "box", child_level: "item", ratio: ITEMS_PER_BOX });
}

/** The seeded line operator: the first account (a seeded account, as the other seeded logs name). */
function lineOperator(ctx: AppContext): string | null {
  const { accounts, accountName } = ctx.org;
  if (!accounts || !accountName) return null;
  const row = ctx.store.get<{ name: string }>(`SELECT "${accountName.name}" AS name FROM "${accounts.table}" ORDER BY "id" LIMIT 1`);
  return row?.name ?? null;
}

/**
 * A seeded work order names the code batch its first item came from (closing it voids that batch's
 * unused codes); the random seed's pick of any batch would void codes of an unrelated order.
 */
function nameCodeBatch(ctx: AppContext, workOrderId: number, item: string): void {
  if (!ctx.catalog.info("production_orders").byName.has("code_batch_id")) return;
  const batch = ctx.store.get<{ id: number }>(
    `SELECT b."id" AS id FROM "code_batches" b JOIN "trace_codes" c ON c."order_id" = b."order_id" WHERE c."code" = ? ORDER BY b."id" LIMIT 1`,
    [item],
  );
  ctx.records.update(ctx.catalog.info("production_orders"), workOrderId, { code_batch_id: batch?.id ?? null });
}

function produce(ctx: AppContext): void {
  const operator = lineOperator(ctx);
  const workOrders = ctx.store.all<Record<string, unknown>>(
    `SELECT * FROM "production_orders" WHERE "status" IN ('in_progress', 'planned') AND "product_id" IS NOT NULL ORDER BY "status", "id" LIMIT ?`,
    [WORK_ORDERS],
  );
  const links = ctx.catalog.info("packaging_links");
  for (const workOrder of workOrders) {
    ensureBoxOfItems(ctx, workOrder.product_id as number);
    const boxes = freeCodes(ctx, "box", BOXES_PER_WORK_ORDER);
    const items = freeCodes(ctx, "item", boxes.length * ITEMS_PER_BOX);
    if (!boxes.length || !items.length) return;
    activate(ctx, workOrder, boxes, "box", operator);
    activate(ctx, workOrder, items, "item", operator);
    nameCodeBatch(ctx, workOrder.id as number, items[0]!);
    // The last box is the tail: it takes what is left (a partial box).
    const ratio = ctx.store.get<{ ratio: number }>(`SELECT "ratio" AS ratio FROM "package_hierarchies" WHERE "product_id" = ? AND "level" = 'box' AND "child_level" = 'item' ORDER BY "id" LIMIT 1`, [workOrder.product_id as number])!.ratio;
    items.slice(0, Math.max(0, boxes.length * ratio - Math.ceil(ratio / 2))).forEach((item, index) => {
      const box = boxes[Math.floor(index / ratio)];
      if (!box) return;
      const { level } = pack(ctx, { parentCode: box, childCode: item, workOrderId: workOrder.id as number, operator });
      ctx.records.insert(links, { parent_code: box, child_code: item, level, order_id: workOrder.id }, { account: operator });
    });
  }
}

export function seedChain(ctx: AppContext): void {
  if (!hasChain(ctx)) return;
  ctx.store.transaction(() => {
    issueSeededCodes(ctx);
    if (ctx.catalog.info("production_orders").byName.has("code_batch_id")) ctx.store.run(`UPDATE "production_orders" SET "code_batch_id" = NULL`);
    produce(ctx);
    // Output is what the ledger activated: nothing for the work orders the chain did not run.
    const orders = ctx.catalog.info("production_orders");
    ctx.store.run(`UPDATE "production_orders" SET "produced_qty" = 0`);
    ctx.store.bump(orders.table, 0);
    for (const { id } of ctx.store.all<{ id: number }>(`SELECT DISTINCT "work_order_id" AS id FROM _ledger_events WHERE "kind" = 'activate' AND "work_order_id" IS NOT NULL ORDER BY 1`))
      ctx.records.update(orders, id, { produced_qty: producedQuantity(ctx, id) });
    seedLogistics(ctx, lineOperator(ctx));
    seedScans(ctx);
  });
}
