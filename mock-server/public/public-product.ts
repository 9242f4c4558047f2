// What the public scan answer may say about the product behind a code (spec §2 /m/q/:qrcode).
// The call needs no token, so anyone holding a code, or guessing one, reads this. It is built
// from an explicit list of fields, never from the record minus a deny list: a field added to
// products.yaml later stays private until someone decides a consumer should see it.
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";

/**
 * Read from products.yaml: what is printed on the pack or helps a consumer recognise the item.
 * Left out on purpose: id, brand_id and unit_id (internal keys), product_code (the enterprise's
 * own catalogue code), price (the trade price), status (a catalogue switch), remark (staff
 * notes) and created_at/updated_at (audit times).
 */
const PRODUCT_FIELDS = ["product_name", "spec", "barcode", "shelf_life_days", "image"] as const;
/** Ref fields shown by their label only (brand and packaging unit names, never their ids). */
const PRODUCT_LABELS = { brand_name: "brand_id", unit_name: "unit_id" } as const;
/** From the work order that made this batch (production_orders.yaml): dates printed on the pack. */
const BATCH_DATES = ["production_date", "expiry_date"] as const;
/** The producer's name and address, as on a food label; not its contact person or phone (staff data). */
const MANUFACTURER_FIELDS = { manufacturer: "enterprise_name", manufacturer_address: "address" } as const;

type Nullable<T> = { [K in keyof T]: T[K] | null };

export type PublicProduct = Nullable<{
  product_name: string;
  spec: string;
  barcode: string;
  shelf_life_days: number;
  image: string;
  brand_name: string;
  unit_name: string;
  /** The code's own production batch (trace_codes.batch_no). */
  batch_no: string;
  production_date: string;
  expiry_date: string;
  manufacturer: string;
  manufacturer_address: string;
}>;

/** JSON Schema of PublicProduct, for the OpenAPI document. */
const valueOf = (row: Row | undefined, name: string): string | number | null => {
  const value = row?.[name];
  return typeof value === "string" || typeof value === "number" ? value : null;
};

/** The first row of `info` matching `where`, reading only the columns the manifest declares. */
async function firstRow(
  ctx: AppContext,
  info: ResourceInfo | undefined,
  columns: readonly string[],
  where: Row,
): Promise<Row | undefined> {
  if (!info || info.resource.kind !== "entity") return undefined;
  const wanted = columns.filter((name) => info.byName.has(name));
  const conditions = Object.keys(where);
  if (!wanted.length || conditions.some((name) => !info.byName.has(name))) return undefined;
  const filter = conditions.length ? ` WHERE ${conditions.map((name) => `${quoteIdent(name)} = ?`).join(" AND ")}` : "";
  return await ctx.store.get<Row>(
    `SELECT ${wanted.map(quoteIdent).join(", ")} FROM ${quoteIdent(info.table)}${filter} ORDER BY "id" LIMIT 1`,
    Object.values(where) as (string | number)[],
  );
}

/** The tables a public product is read from: the product, what it refers to, the batch's work order, the enterprise. */
function sourceTables(ctx: AppContext): string[] {
  const products = ctx.catalog.find("products");
  if (!products) return [];
  const referred = products.refs.flatMap((column) => ctx.catalog.find(column.ref!)?.table ?? []);
  return [
    products.table,
    ...referred,
    ctx.catalog.find("production_orders")?.table ?? "production_orders",
    ctx.org.enterprise?.table ?? "enterprise",
  ];
}

/**
 * The sum of the source tables' write versions: each only ever grows, so the sum changes exactly
 * when one of them has been written (a joined text of them was made on every scan).
 */
const sourceVersions = (ctx: AppContext): number =>
  sourceTables(ctx).reduce((sum, table) => sum + ctx.store.version(table), 0);

/** Kept views, dropped whenever one of their tables is written (every scan of every code reads one). */
const kept = new WeakMap<
  AppContext,
  { catalog: unknown; versions: number; byKey: Map<string, PublicProduct | null> }
>();
const KEPT_MAX = 50_000;

/** The consumer-facing view of the product `productId`, for a code of batch `batchNo`. */
export async function publicProduct(
  ctx: AppContext,
  productId: number,
  batchNo: string | null,
): Promise<PublicProduct | null> {
  const versions = sourceVersions(ctx);
  let cache = kept.get(ctx);
  // A new catalog (a live manifest change) may read other tables and columns: start again.
  if (!cache || cache.catalog !== ctx.catalog || cache.versions !== versions || cache.byKey.size >= KEPT_MAX)
    kept.set(ctx, (cache = { catalog: ctx.catalog, versions, byKey: new Map() }));
  const key = `${productId}\n${batchNo ?? ""}`;
  if (cache.byKey.has(key)) return cache.byKey.get(key)!;
  const view = await readPublicProduct(ctx, productId, batchNo);
  cache.byKey.set(key, view);
  return view;
}

async function readPublicProduct(
  ctx: AppContext,
  productId: number,
  batchNo: string | null,
): Promise<PublicProduct | null> {
  const products = ctx.catalog.find("products");
  if (!products || products.resource.kind !== "entity" || !(await ctx.records.row(products, productId))) return null;
  const record = await ctx.records.record(products, productId);
  const dates =
    batchNo === null
      ? undefined
      : await firstRow(ctx, ctx.catalog.find("production_orders"), BATCH_DATES, {
          product_id: productId,
          batch_no: batchNo,
        });
  const enterprise = await firstRow(ctx, ctx.org.enterprise, Object.values(MANUFACTURER_FIELDS), {});
  return {
    ...(Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, valueOf(record, name)])) as Pick<
      PublicProduct,
      (typeof PRODUCT_FIELDS)[number]
    >),
    brand_name: valueOf(record, `${PRODUCT_LABELS.brand_name}_label`) as string | null,
    unit_name: valueOf(record, `${PRODUCT_LABELS.unit_name}_label`) as string | null,
    batch_no: batchNo,
    production_date: valueOf(dates, "production_date") as string | null,
    expiry_date: valueOf(dates, "expiry_date") as string | null,
    manufacturer: valueOf(enterprise, MANUFACTURER_FIELDS.manufacturer) as string | null,
    manufacturer_address: valueOf(enterprise, MANUFACTURER_FIELDS.manufacturer_address) as string | null,
  };
}
