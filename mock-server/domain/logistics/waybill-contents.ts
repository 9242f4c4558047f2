// What a waybill holds, as the logistics rules read it: the codes it names (waybill_codes, one row
// per code added, any packaging level), everything inside them (the packaging hierarchy in
// trace_codes, walked with a recursive query PostgreSQL runs as well), its counts per level with
// the hierarchy expanded, and which live waybill a code or one of its packages is on.
import type { ChainContext } from "../chain-context";
import type { ResourceInfo } from "../../resources/catalog";
import type { Row } from "../../resources/row-codec";

export const WAYBILLS = "waybills";
export const WAYBILL_CODES = "waybill_codes";
/** waybill_status: a draft takes codes; shipped and received waybills hold their codes' attribution. */
export const WaybillStatus = {
  draft: "pending",
  shipped: "shipped",
  received: "received",
  cancelled: "cancelled",
  unbound: "unbound",
} as const;
const OUT: readonly string[] = [WaybillStatus.shipped, WaybillStatus.received];

export interface Waybill {
  readonly id: number;
  readonly waybill_no: string;
  readonly dealer_id: number;
  readonly warehouse_id: number | null;
  readonly status: string;
}

export interface ContainedCode {
  readonly code: string;
  readonly code_type: string | null;
  readonly status: string | null;
  readonly parent_code: string | null;
  readonly waybill_id: number | null;
}

export const waybillsInfo = (ctx: ChainContext): ResourceInfo => ctx.catalog.info(WAYBILLS);
export const waybillCodesInfo = (ctx: ChainContext): ResourceInfo => ctx.catalog.info(WAYBILL_CODES);

const WAYBILL_COLUMNS = `w."id" AS id, w."waybill_no" AS waybill_no, w."dealer_id" AS dealer_id, w."warehouse_id" AS warehouse_id, w."status" AS status`;

export const waybillById = async (ctx: ChainContext, id: number): Promise<Waybill | undefined> =>
  await ctx.store.get<Waybill>(`SELECT ${WAYBILL_COLUMNS} FROM "waybills" w WHERE w."id" = ?`, [id]);

export const isOut = (waybill: Waybill): boolean => OUT.includes(waybill.status);

/**
 * `code` and everything packed inside it, at any depth (the code first). CROSS JOIN keeps the tree
 * the outer loop: SQLite otherwise may scan every code and probe the tree (a full table scan per call).
 * The join's condition is in WHERE: PostgreSQL's CROSS JOIN takes no ON.
 */
export async function contentsOf(ctx: ChainContext, code: string): Promise<ContainedCode[]> {
  return await ctx.store.all<ContainedCode>(
    `WITH RECURSIVE tree (code, depth) AS (
       SELECT CAST(? AS TEXT), 0
       UNION ALL
       SELECT t."code", tree.depth + 1 FROM "trace_codes" t JOIN tree ON t."parent_code" = tree.code WHERE tree.depth < 16
     )
     SELECT t."code" AS code, t."code_type" AS code_type, t."status" AS status, t."parent_code" AS parent_code, t."waybill_id" AS waybill_id
     FROM tree CROSS JOIN "trace_codes" t WHERE t."code" = tree.code ORDER BY tree.depth, t."id"`,
    [code],
  );
}

export const itemsIn = (contents: readonly ContainedCode[]): number =>
  contents.filter((row) => row.code_type === "item").length;

/** The codes a waybill names (its waybill_codes rows), in the order they were added. */
export async function codesOnWaybill(ctx: ChainContext, waybillId: number): Promise<{ id: number; code: string }[]> {
  return await ctx.store.all<{ id: number; code: string }>(
    `SELECT "id" AS id, "code" AS code FROM "waybill_codes" WHERE "waybill_id" = ? ORDER BY "id"`,
    [waybillId],
  );
}

/** The draft (pending) waybill whose rows name `code`, if any. */
export async function draftHolding(ctx: ChainContext, code: string): Promise<Waybill | undefined> {
  return await ctx.store.get<Waybill>(
    `SELECT ${WAYBILL_COLUMNS} FROM "waybill_codes" c JOIN "waybills" w ON w."id" = c."waybill_id" WHERE c."code" = ? AND w."status" = ? ORDER BY w."id" LIMIT 1`,
    [code, WaybillStatus.draft],
  );
}

/** Whether `waybillId`'s rows name `code` itself. */
export async function namesCode(ctx: ChainContext, waybillId: number, code: string): Promise<boolean> {
  const row = await ctx.store.get(`SELECT 1 FROM "waybill_codes" WHERE "waybill_id" = ? AND "code" = ?`, [
    waybillId,
    code,
  ]);
  return row !== undefined;
}

/**
 * Recounts a waybill's codes per level, the hierarchy expanded (a pallet counts its cases, boxes
 * and items), with `adding` (the contents of a code whose row is about to be stored).
 */
export async function recount(
  ctx: ChainContext,
  waybillId: number,
  adding: readonly ContainedCode[] = [],
): Promise<Row> {
  const counts: Record<string, number> = { item: 0, box: 0, case: 0, pallet: 0 };
  const rows: ContainedCode[] = [];
  for (const { code } of await codesOnWaybill(ctx, waybillId)) rows.push(...(await contentsOf(ctx, code)));
  rows.push(...adding);
  for (const row of rows) if (row.code_type && row.code_type in counts) counts[row.code_type] += 1;
  const values = {
    item_count: counts.item,
    box_count: counts.box,
    case_count: counts.case,
    pallet_count: counts.pallet,
  };
  await ctx.records.update(waybillsInfo(ctx), waybillId, values);
  return values;
}
