// waybill_codes onCreate (扫码加入运单): a code of any packaging level onto a draft waybill. Refused,
// naming why, when it is unknown, not activated, voided, returned and not yet freed, already on a
// waybill (named) or inside a package that is (package and waybill named), an item or package
// packed in another (ship that, or unpack first), or an empty package. The waybill's counts per
// level are recounted with the hierarchy expanded; nothing is attributed until the waybill ships.
import type { ChainContext } from "../chain-context";
import type { Row } from "../../resources/row-codec";
import { lockCodesAndPackages } from "../codes/code-lookup";
import type { CreateHandler } from "../create-handler";
import { requireColumns } from "../packing/packaging-links";
import { knownWaybill, requireDraft, shippableCode } from "./shipping";
import { itemsIn, recount } from "./waybill-contents";

export const addWaybillCode: CreateHandler = {
  check: (ctx, info) => {
    const owner = `${info.resource.name}.onCreate add-waybill-code`;
    requireColumns(
      ctx,
      owner,
      ["code", "waybill_id", "code_type", "product_id", "batch_no", "dealer_id", "warehouse_id", "item_count"],
      info.resource.name,
    );
    requireColumns(
      ctx,
      owner,
      ["waybill_no", "dealer_id", "warehouse_id", "status", "item_count", "box_count", "case_count", "pallet_count"],
      "waybills",
    );
    requireColumns(
      ctx,
      owner,
      ["code", "code_type", "status", "parent_code", "waybill_id", "dealer_id", "shipped_at"],
      "trace_codes",
    );
  },
  run: async ({ ctx, input }) => await addToWaybill(ctx, input.waybill_id as number, input.code as string),
};

/** Checks `codeValue` onto draft `waybillId` and recounts it; the server-owned values of its waybill_codes row. */
export async function addToWaybill(ctx: ChainContext, waybillId: number, codeValue: string): Promise<Row> {
  // The waybill's status and the code's (and its packages') drafts are read, checked and written:
  // held until the row is stored, the waybill first as an action on it takes it (action-routes.ts).
  await ctx.store.lockRows("waybills", "id", [waybillId]);
  await lockCodesAndPackages(ctx, [codeValue]);
  const waybill = await knownWaybill(ctx, waybillId, "waybill_id");
  requireDraft(waybill, "waybill_id");
  const { code, contents } = await shippableCode(ctx, codeValue, "code", null);
  await recount(ctx, waybill.id, contents);
  return {
    code_type: code.code_type,
    product_id: code.product_id,
    batch_no: code.batch_no,
    dealer_id: waybill.dealer_id,
    warehouse_id: waybill.warehouse_id,
    item_count: itemsIn(contents),
  };
}
