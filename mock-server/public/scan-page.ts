// The scan page's look and wording: the product's 扫码模板 (an enabled template for
// that product, else the enabled default one), its banners in their order, the message for this
// verdict, and which facts the page shows. The dealer and the waybill are in the answer only when
// the template shows them, so a page that does not show them cannot leak them in its HTML or JSON.
// Templates change rarely and every scan reads one: each is kept until its tables are written.
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import type { PublicProduct } from "./public-product";
import type { ScanVerdict } from "../../schema/contract/calls";

export interface ScanPage {
  readonly title: string | null;
  readonly theme_color: string | null;
  readonly message: string | null;
  readonly banners: readonly {
    readonly title: string | null;
    readonly image_url: string;
    readonly link_url: string | null;
  }[];
  readonly dealer: string | null;
  readonly waybill: string | null;
}

interface Template {
  readonly id: number;
  readonly page_title: string | null;
  readonly theme_color: string | null;
  readonly genuine_message: string | null;
  readonly repeat_message: string | null;
  readonly show_batch: number | null;
  readonly show_manufacturer: number | null;
  readonly show_dealer: number | null;
  readonly show_waybill: number | null;
}

interface Kept {
  readonly template: Template | undefined;
  readonly banners: ScanPage["banners"];
}

const TEMPLATES = "scan_templates";
const BANNERS = "template_banners";
const MESSAGES: Partial<Record<ScanVerdict, keyof Template>> = {
  genuine: "genuine_message",
  repeated: "repeat_message",
  over_threshold: "repeat_message",
};
/** Facts a template may hide (show_batch, show_manufacturer): what the pack prints about its batch and maker. */
const BATCH_FACTS = ["batch_no", "production_date", "expiry_date"] as const;
const MANUFACTURER_FACTS = ["manufacturer", "manufacturer_address"] as const;

const kept = new WeakMap<AppContext, { versions: string; byProduct: Map<number | null, Kept> }>();

function hasTemplates(ctx: AppContext): boolean {
  const info = ctx.catalog.find(TEMPLATES);
  return (
    !!info &&
    ["product_id", "is_default", "status", "show_dealer", "show_waybill"].every((name) => info.byName.has(name))
  );
}

async function load(ctx: AppContext, productId: number | null): Promise<Kept> {
  const templates = ctx.catalog.info(TEMPLATES);
  const columns =
    "id, page_title, theme_color, genuine_message, repeat_message, show_batch, show_manufacturer, show_dealer, show_waybill";
  const table = quoteIdent(templates.table);
  const template =
    (productId === null
      ? undefined
      : await ctx.store.get<Template>(
          `SELECT ${columns} FROM ${table} WHERE "product_id" = ? AND "status" = 'enabled' ORDER BY "id" LIMIT 1`,
          [productId],
        )) ??
    (await ctx.store.get<Template>(
      `SELECT ${columns} FROM ${table} WHERE "is_default" = TRUE AND "status" = 'enabled' ORDER BY "product_id" IS NOT NULL, "id" LIMIT 1`,
    ));
  const bannerInfo = ctx.catalog.find(BANNERS);
  const banners =
    template && bannerInfo
      ? await ctx.store.all<{ title: string | null; image_url: string; link_url: string | null }>(
          `SELECT "title" AS title, "image_url" AS image_url, "link_url" AS link_url FROM ${quoteIdent(bannerInfo.table)}
           WHERE "template_id" = ? AND "enabled" = TRUE AND "image_url" IS NOT NULL ORDER BY "sort", "id"`,
          [template.id],
        )
      : [];
  return { template, banners };
}

async function templateOf(ctx: AppContext, productId: number | null): Promise<Kept> {
  const versions = `${ctx.store.version(ctx.catalog.info(TEMPLATES).table)}/${ctx.store.version(ctx.catalog.find(BANNERS)?.table ?? BANNERS)}`;
  let cache = kept.get(ctx);
  if (!cache || cache.versions !== versions) kept.set(ctx, (cache = { versions, byProduct: new Map() }));
  let found = cache.byProduct.get(productId);
  if (!found) cache.byProduct.set(productId, (found = await load(ctx, productId)));
  return found;
}

const nameOf = async (ctx: AppContext, table: string, column: string, id: number | null): Promise<string | null> =>
  id === null
    ? null
    : ((
        await ctx.store.get<{ name: string | null }>(
          `SELECT ${quoteIdent(column)} AS name FROM ${quoteIdent(table)} WHERE "id" = ?`,
          [id],
        )
      )?.name ?? null);

export interface PageFacts {
  readonly productId: number | null;
  readonly verdict: ScanVerdict;
  readonly dealerId: number | null;
  readonly waybillId: number | null;
}

/** The page for a scan of a code of `productId` (null: unknown code, the default template), or null without a template. */
export async function scanPageOf(ctx: AppContext, facts: PageFacts): Promise<ScanPage | null> {
  if (!hasTemplates(ctx)) return null;
  const { template, banners } = await templateOf(ctx, facts.productId);
  if (!template) return null;
  const message = MESSAGES[facts.verdict];
  return {
    title: template.page_title,
    theme_color: template.theme_color,
    message: message ? ((template[message] as string | null) ?? null) : null,
    banners,
    dealer: template.show_dealer ? await nameOf(ctx, "dealers", "dealer_name", facts.dealerId) : null,
    waybill: template.show_waybill ? await nameOf(ctx, "waybills", "waybill_no", facts.waybillId) : null,
  };
}

/** The product's facts as the template shows them: batch and maker left out where it hides them. */
export async function shownFacts(
  ctx: AppContext,
  productId: number | null,
  product: PublicProduct | null,
): Promise<PublicProduct | null> {
  if (!product || !hasTemplates(ctx)) return product;
  const { template } = await templateOf(ctx, productId);
  if (!template) return product;
  const hidden = [
    ...(template.show_batch === 0 ? BATCH_FACTS : []),
    ...(template.show_manufacturer === 0 ? MANUFACTURER_FACTS : []),
  ];
  return hidden.length ? { ...product, ...Object.fromEntries(hidden.map((name) => [name, null])) } : product;
}
