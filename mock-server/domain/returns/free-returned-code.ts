// return_unlinks onCreate (退货解绑): a returned code re-inspected and freed through the returns rule
// (returns.ts); the log names the return and the former waybill.
import type { CreateHandler } from "../create-handler";
import { requireColumns } from "../packing/packaging-links";
import { freeReturnedCode } from "./returns";

export const freeReturnedCodeHandler: CreateHandler = {
  check: (ctx, info) => {
    requireColumns(
      ctx,
      `${info.resource.name}.onCreate free-returned-code`,
      ["code", "return_id", "waybill_id", "reason"],
      info.resource.name,
    );
  },
  run: async ({ ctx, input, actor }) =>
    await freeReturnedCode(ctx, input.code as string, (input.reason as string | undefined) ?? null, actor.account),
};
