// waybill_reductions onCreate (减货): a code the waybill names comes off it. On a draft the row
// goes; on a shipped waybill the code and everything inside it go back to stock too (a
// void_shipping event with the original bol), so a consumer scan no longer finds the dealer.
// The waybill is recounted; the log row names the waybill, product and item units removed.
import type { ChainContext } from "../chain-context";
import type { Row } from "../../resources/row-codec";
import { lockCodesAndPackages } from "../codes/code-lookup";
import type { CreateHandler } from "../create-handler";
import { requireColumns } from "../packing/packaging-links";
import { voidShipping, waybillNaming } from "./shipping";
import { contentsOf, itemsIn, recount, waybillCodesInfo } from "./waybill-contents";

/** Takes `codeValue` off the waybill that names it; the server-owned values of the reduction's log row. */
export async function reduceWaybillCode(
  ctx: ChainContext,
  codeValue: string,
  reason: string | null,
  operator: string | null,
): Promise<Row> {
  // The code's shipment is read, checked and undone: held until the reduction is stored, so a
  // racing return or reduction of it (or of a package around it) waits and then sees this one.
  await lockCodesAndPackages(ctx, [codeValue]);
  const { code, waybill } = await waybillNaming(ctx, codeValue, "code");
  const quantity = itemsIn(await contentsOf(ctx, code.code));
  await voidShipping(ctx, waybill, [code.code], reason, operator);
  const row = (await ctx.store.get<{ id: number }>(
    `SELECT "id" AS id FROM "waybill_codes" WHERE "waybill_id" = ? AND "code" = ?`,
    [waybill.id, code.code],
  ))!;
  await ctx.records.remove(waybillCodesInfo(ctx), row.id);
  await recount(ctx, waybill.id);
  return { waybill_id: waybill.id, product_id: code.product_id, quantity };
}

export const reduceWaybill: CreateHandler = {
  check: (ctx, info) => {
    requireColumns(
      ctx,
      `${info.resource.name}.onCreate reduce-waybill`,
      ["code", "waybill_id", "product_id", "quantity", "reason"],
      info.resource.name,
    );
  },
  run: async ({ ctx, input, actor }) =>
    await reduceWaybillCode(ctx, input.code as string, (input.reason as string | undefined) ?? null, actor.account),
};
