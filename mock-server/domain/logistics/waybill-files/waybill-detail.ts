// A waybill's detail as rows (its download): for each code the waybill names, in the order they were
// added, the code itself and then everything packed inside it, each with its level and its package,
// and the dealer on every row, so a sheet filtered to one row still says where it went.
import type { ChainContext } from "../../chain-context";
import { codesOnWaybill, contentsOf } from "../waybill-contents";

export const WAYBILL_DETAIL_HEADER = ["运单号", "经销商", "外包装码", "码", "码类型", "上级码"] as const;

export async function waybillDetailRows(ctx: ChainContext, waybillId: number): Promise<(string | null)[][]> {
  const head = await ctx.store.get<{ waybill_no: string; dealer: string | null }>(
    `SELECT w."waybill_no" AS waybill_no, d."dealer_name" AS dealer FROM "waybills" w LEFT JOIN "dealers" d ON d."id" = w."dealer_id" WHERE w."id" = ?`,
    [waybillId],
  );
  if (!head) return [];
  const rows: (string | null)[][] = [];
  for (const { code } of await codesOnWaybill(ctx, waybillId))
    for (const row of await contentsOf(ctx, code))
      rows.push([
        head.waybill_no,
        head.dealer,
        code,
        row.code,
        row.code_type,
        row.code === code ? null : row.parent_code,
      ]);
  return rows;
}
