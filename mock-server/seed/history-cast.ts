// Who takes part in the seeded history: three production lines, four products with their
// packaging (the same 10 · 5 · 20 hierarchy the seeded production uses) and their shelf lives,
// a finished-goods warehouse, and eight dealers, each in a provincial capital whose consumers' phone
// addresses ip2region places there (so a scan's region is the dealer's, and a scan from elsewhere
// is 窜货). The dealers are re-homed before their sales regions are granted (seed-dealer-regions.ts).
import type { AppContext } from "../context";
import { addressIndex } from "../regions/address-areas";
import { setHierarchy } from "./seed-production";

/** A city and a network in it (its /24, which ip2region places in that city). */
export interface ConsumerNetwork {
  readonly city: string;
  readonly prefix: string;
  /** Where an inspector stands in that city (a geo URI, WGS-84). */
  readonly geo: string;
}

export const CONSUMER_NETWORKS: readonly ConsumerNetwork[] = [
  { city: "330100", prefix: "202.101.172", geo: "geo:30.2741,120.1551" }, // 杭州
  { city: "440100", prefix: "202.96.128", geo: "geo:23.1291,113.2644" }, // 广州
  { city: "510100", prefix: "61.139.2", geo: "geo:30.5728,104.0668" }, // 成都
  { city: "370100", prefix: "202.102.152", geo: "geo:36.6512,117.1201" }, // 济南
  { city: "610100", prefix: "218.30.19", geo: "geo:34.3416,108.9398" }, // 西安
  { city: "420100", prefix: "202.103.24", geo: "geo:30.5928,114.3055" }, // 武汉
  { city: "430100", prefix: "222.246.129", geo: "geo:28.2282,112.9388" }, // 长沙
  { city: "320100", prefix: "218.2.2", geo: "geo:32.0603,118.7969" }, // 南京
];

export interface HistoryDealer {
  readonly id: number;
  readonly network: ConsumerNetwork;
}

export interface HistoryProduct {
  readonly id: number;
  readonly shelfLifeDays: number;
}

export interface HistoryCast {
  readonly lines: readonly number[];
  readonly products: readonly HistoryProduct[];
  readonly warehouseId: number;
  readonly dealers: readonly HistoryDealer[];
}

const LINES = 3;
const PRODUCTS = 4;
/** A product without a shelf life of its own keeps a year. */
const DEFAULT_SHELF_LIFE = 365;

const shelfLifeOf = async (ctx: AppContext, productId: number): Promise<number> =>
  (ctx.catalog.info("products").byName.has("shelf_life_days")
    ? (
        await ctx.store.get<{ days: number | null }>(
          `SELECT "shelf_life_days" AS days FROM "products" WHERE "id" = ?`,
          [productId],
        )
      )?.days
    : null) ?? DEFAULT_SHELF_LIFE;

const ids = async (ctx: AppContext, sql: string, limit: number): Promise<number[]> =>
  (await ctx.store.all<{ id: number }>(sql, [limit])).map((row) => row.id);

/** A district of `city`: where a dealer's shop stands. */
function districtOf(city: string): string | undefined {
  return (addressIndex().get(city) ?? []).find((area) => /^\d{6}$/.test(area.code) && area.code !== city)?.code;
}

/** The history's dealers, each moved to its network's city (before seedDealerRegions grants it). */
export async function homeHistoryDealers(ctx: AppContext): Promise<void> {
  const dealers = ctx.catalog.find("dealers");
  if (!dealers?.byName.has("region_code")) return;
  for (const [index, id] of (await historyDealerIds(ctx)).entries()) {
    const district = districtOf(CONSUMER_NETWORKS[index].city);
    if (district) await ctx.records.update(dealers, id, { region_code: district });
  }
}

/** Enabled dealers from the end of the list: the first ones stay as the generic seed made them. */
const historyDealerIds = async (ctx: AppContext): Promise<number[]> =>
  (
    await ids(
      ctx,
      `SELECT "id" AS id FROM "dealers" WHERE "status" = 'enabled' ORDER BY "id" DESC LIMIT ?`,
      CONSUMER_NETWORKS.length,
    )
  ).reverse();

/** The cast, or undefined when the seeded tables lack one of its parts. */
export async function historyCast(ctx: AppContext): Promise<HistoryCast | undefined> {
  const lines = await ids(
    ctx,
    `SELECT "id" AS id FROM "production_lines" WHERE "status" = 'enabled' ORDER BY "id" LIMIT ?`,
    LINES,
  );
  const productIds = await ids(
    ctx,
    `SELECT "id" AS id FROM "products" WHERE "status" = 'enabled' ORDER BY "id" LIMIT ?`,
    PRODUCTS,
  );
  const warehouseId = (
    await ids(ctx, `SELECT "id" AS id FROM "warehouses" WHERE "status" = 'enabled' ORDER BY "id" LIMIT ?`, 1)
  )[0];
  const dealerIds = await historyDealerIds(ctx);
  if (!lines.length || !productIds.length || warehouseId === undefined || dealerIds.length < CONSUMER_NETWORKS.length)
    return undefined;
  const products: HistoryProduct[] = [];
  for (const id of productIds) products.push({ id, shelfLifeDays: await shelfLifeOf(ctx, id) });
  for (const product of products) await setHierarchy(ctx, product.id);
  return {
    lines,
    products,
    warehouseId,
    dealers: dealerIds.map((id, index) => ({ id, network: CONSUMER_NETWORKS[index] })),
  };
}
