// waybill_exchanges onCreate (换货): new_code takes old_code's place on the same waybill. old_code
// must be one the waybill names; new_code must be shippable (every refusal of adding a code) and
// of the same packaging level. On a shipped waybill old_code's shipment is voided (original bol)
// and new_code ships to the same dealer, so the attribution of everything inside both moves.
import type { ChainContext } from "../chain-context";
import { invalid } from "../refusal";
import { message } from "../../../schema/contract/messages";
import type { Row } from "../../resources/row-codec";
import type { CreateHandler } from "../create-handler";
import { codeKindWord } from "./logistics-words";
import { requireColumns } from "../packing/packaging-links";
import { shipCodes, shippableCode, voidShipping, waybillNaming } from "./shipping";
import { isOut, itemsIn, recount, waybillCodesInfo } from "./waybill-contents";

export const exchangeWaybill: CreateHandler = {
  check: (ctx, info) => {
    requireColumns(
      ctx,
      `${info.resource.name}.onCreate exchange-waybill-code`,
      ["old_code", "new_code", "waybill_id", "product_id", "reason"],
      info.resource.name,
    );
  },
  run: async ({ ctx, input, actor }) =>
    await exchangeWaybillCode(
      ctx,
      input.old_code as string,
      input.new_code as string,
      (input.reason as string | undefined) ?? null,
      actor.account,
    ),
};

/** Puts `newCode` in `oldCode`'s place on the waybill that names it; the server-owned values of the exchange's log row. */
export async function exchangeWaybillCode(
  ctx: ChainContext,
  oldCode: string,
  newCode: string,
  reason: string | null,
  operator: string | null,
): Promise<Row> {
  if (oldCode === newCode) throw invalid("new_code", message("logistics.exchangeSameCode"));
  const { code: old, waybill } = await waybillNaming(ctx, oldCode, "old_code");
  const { code: fresh, contents } = await shippableCode(ctx, newCode, "new_code", null);
  if (fresh.code_type !== old.code_type)
    throw invalid(
      "new_code",
      message("logistics.exchangeLevel", {
        code: fresh.code,
        kind: codeKindWord(fresh.code_type),
        old: old.code,
        oldKind: codeKindWord(old.code_type),
      }),
    );
  await voidShipping(ctx, waybill, [old.code], reason, operator);
  const row = (await ctx.store.get<{ id: number }>(
    `SELECT "id" AS id FROM "waybill_codes" WHERE "waybill_id" = ? AND "code" = ?`,
    [waybill.id, old.code],
  ))!;
  await ctx.records.update(waybillCodesInfo(ctx), row.id, {
    code: fresh.code,
    code_type: fresh.code_type,
    product_id: fresh.product_id,
    batch_no: fresh.batch_no,
    item_count: itemsIn(contents),
  });
  if (isOut(waybill)) await shipCodes(ctx, waybill, [fresh.code], operator);
  await recount(ctx, waybill.id);
  return { waybill_id: waybill.id, product_id: old.product_id };
}
