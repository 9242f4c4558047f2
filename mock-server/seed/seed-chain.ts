// After the generic seed, the traceability chain is made through its rules: first the history
// of the days before the anchor (seed-history.ts), then today's cases: rules → generation jobs →
// activation → packing → finishing and closing. The seeded code orders issue
// their codes through the real generation (seed-code-orders.ts), a few work orders produce through
// activation and packing (seed-production.ts), the orders the random seed marked closed are closed
// through the closing rule, and every work order's produced quantity is recounted from the ledger.
// Trace codes, code batches, closures and packaging links are seeded here only, never as random rows.
import { resetSeededScans, seedScans } from "./seed-scans";
import { seedHistory, type HistoryOptions, type HistoryReport } from "./seed-history";
import type { AppContext } from "../context";
import { producedQuantity } from "../domain/production/activate-codes";
import { closeCodeOrderCodes } from "../domain/codes/close-code-order";
import { generateSeededOrders, SeededCharacters, type SeededGeneration } from "./seed-code-orders";
import { resetSeededWaybills, seedLogistics } from "./seed-logistics";
import { seedProduction } from "./seed-production";
import { Prng, seedOf } from "./prng";

const hasChain = (ctx: AppContext): boolean =>
  [
    "trace_codes",
    "code_orders",
    "code_batches",
    "code_rules",
    "production_orders",
    "package_hierarchies",
    "packaging_links",
  ].every((name) => ctx.catalog.find(name)) &&
  ["status", "code_type", "work_order_id", "parent_code", "batch_id"].every((name) =>
    ctx.catalog.info("trace_codes").byName.has(name),
  );

/** The seeded line operator: the first account (a seeded account, as the other seeded logs name). */
async function lineOperator(ctx: AppContext): Promise<string | null> {
  const { accounts, accountName } = ctx.org;
  if (!accounts || !accountName) return null;
  const row = await ctx.store.get<{ name: string }>(
    `SELECT "${accountName.name}" AS name FROM "${accounts.table}" ORDER BY "id" LIMIT 1`,
  );
  return row?.name ?? null;
}

/** Work orders start with nothing the ledger has not done: no batch, no output, nothing voided. */
async function clearWorkOrders(ctx: AppContext): Promise<void> {
  const orders = ctx.catalog.info("production_orders");
  const cleared = ["code_batch_id", "produced_qty", "voided_codes"].filter((name) => orders.byName.has(name));
  if (!cleared.length) return;
  await ctx.store.run(
    `UPDATE "production_orders" SET ${cleared.map((name) => `"${name}" = ${name === "code_batch_id" ? "NULL" : "0"}`).join(", ")}`,
  );
  ctx.store.bump(orders.table, 0);
}

const lastId = async (ctx: AppContext, resource: string): Promise<number> => {
  const info = ctx.catalog.find(resource);
  return info
    ? ((await ctx.store.get<{ id: number | null }>(`SELECT MAX("id") AS id FROM "${info.table}"`))?.id ?? 0)
    : 0;
};

/** Seeds the chain: the history (`history.days` days before the anchor), then today's cases. */
export async function seedChain(ctx: AppContext, history: HistoryOptions): Promise<HistoryReport> {
  if (!hasChain(ctx)) return { days: 0 };
  return await ctx.store.transaction(async () => {
    const rng = new Prng(seedOf("seed-chain"));
    const seed: SeededGeneration = {
      rng,
      characters: new SeededCharacters(new Prng(seedOf("trace_codes"))),
      operator: await lineOperator(ctx),
    };
    await clearWorkOrders(ctx);
    await resetSeededWaybills(ctx);
    await resetSeededScans(ctx);
    const lastRandomEvidenceId = await lastId(ctx, "evidences");
    const lastRandomCodeOrderId = await lastId(ctx, "code_orders");
    const report = await seedHistory(ctx, seed, history);
    // Today's cases work on today's codes only: the history's stock and shipments are left as they are.
    const afterCodeId = await lastId(ctx, "trace_codes");
    const afterInspectionId = await lastId(ctx, "inspections");
    const toClose = await generateSeededOrders(ctx, seed, lastRandomCodeOrderId);
    await seedProduction(ctx, seed);
    for (const id of toClose) {
      await closeCodeOrderCodes(ctx, ctx.catalog.info("code_orders"), id, seed.operator);
      await ctx.records.update(ctx.catalog.info("code_orders"), id, { status: "closed" });
    }
    // Output is what the ledger activated: nothing for the work orders the chain did not run.
    const orders = ctx.catalog.info("production_orders");
    for (const { id } of await ctx.store.all<{ id: number }>(
      `SELECT DISTINCT "work_order_id" AS id FROM _ledger_events WHERE "kind" = 'activate' AND "work_order_id" IS NOT NULL ORDER BY 1`,
    ))
      await ctx.records.update(orders, id, { produced_qty: await producedQuantity(ctx, id) });
    await seedLogistics(ctx, seed.operator, afterCodeId);
    await seedScans(ctx, { afterCodeId, afterInspectionId, lastRandomEvidenceId });
    return report;
  });
}
