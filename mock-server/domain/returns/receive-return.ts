// returns onCreate (退货): a dealer's return received at a warehouse by the signed-in user, through
// the returns rule (returns.ts): only shipped codes, only by the dealer they were shipped to.
import type { CreateHandler } from "../create-handler";
import { requireColumns } from "../packing/packaging-links";
import { parseCodes, receiveReturn } from "./returns";

export const receiveReturnHandler: CreateHandler = {
  check: (ctx, info) => {
    requireColumns(
      ctx,
      `${info.resource.name}.onCreate receive-return`,
      ["return_no", "dealer_id", "warehouse_id", "codes", "waybill_id", "quantity", "reason"],
      info.resource.name,
    );
  },
  run: async ({ ctx, input, actor }) =>
    await receiveReturn(ctx, {
      returnNo: input.return_no as string,
      dealerId: input.dealer_id as number,
      warehouseId: input.warehouse_id as number,
      codes: parseCodes(input.codes as string),
      reason: (input.reason as string | undefined) ?? null,
      operator: actor.account,
    }),
};
