// waybills.ship (确认发货): the draft's codes are checked again (a code may have been packed,
// voided or put on another waybill since it was added) and shipped in one ledger event; every
// code they contain is attributed to the waybill, its dealer and the time. An empty waybill is
// refused. The action's `when` refuses any waybill that is not a draft.
import { conflict } from "../refusal";
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import type { DomainHandler } from "../domain-handler";
import { knownWaybill, shipCodes, shippableCode } from "./shipping";
import { codesOnWaybill } from "./waybill-contents";

/** Ships waybill `id` (its status already set to shipped by the action): every code it names, checked again. */
export async function shipWaybillCodes(ctx: ChainContext, id: number, operator: string | null): Promise<void> {
  const waybill = await knownWaybill(ctx, id, "id");
  const codes = (await codesOnWaybill(ctx, waybill.id)).map((row) => row.code);
  if (!codes.length) throw conflict("id", message("logistics.waybillEmpty", { waybill_no: waybill.waybill_no }));
  for (const code of codes) await shippableCode(ctx, code, "id", waybill.id);
  await shipCodes(ctx, waybill, codes, operator);
}

export const shipWaybill: DomainHandler = {
  run: async ({ ctx, id, actor }) => {
    await shipWaybillCodes(ctx, id!, actor.account);
    return undefined;
  },
};
