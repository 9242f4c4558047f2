// A product's shelf life and its work orders' dates agree: the random seed draws a work order's
// production and expiry dates apart from its product, so each expiry date is set to the production
// date plus the product's shelf life (a work order of a product without one keeps its dates).
import type { AppContext } from "../context";

const DAY_MS = 24 * 3600 * 1000;

export const expiryOf = (productionDate: string, shelfLifeDays: number): string =>
  new Date(Date.parse(`${productionDate}T00:00:00Z`) + shelfLifeDays * DAY_MS).toISOString().slice(0, 10);

export async function alignShelfLife(ctx: AppContext): Promise<void> {
  const orders = ctx.catalog.find("production_orders");
  const products = ctx.catalog.find("products");
  if (
    !orders ||
    !products?.byName.has("shelf_life_days") ||
    !["product_id", "production_date", "expiry_date"].every((name) => orders.byName.has(name))
  )
    return;
  const rows = await ctx.store.all<{ id: number; production_date: string | null; shelf_life_days: number | null }>(
    `SELECT o."id" AS id, o."production_date" AS production_date, p."shelf_life_days" AS shelf_life_days
     FROM "${orders.table}" o JOIN "${products.table}" p ON p."id" = o."product_id" ORDER BY o."id"`,
  );
  await ctx.store.transaction(async () => {
    for (const row of rows)
      if (row.production_date && row.shelf_life_days)
        await ctx.store.run(`UPDATE "${orders.table}" SET "expiry_date" = ? WHERE "id" = ?`, [
          expiryOf(row.production_date, row.shelf_life_days),
          row.id,
        ]);
  });
  ctx.store.bump(orders.table, 0);
}
