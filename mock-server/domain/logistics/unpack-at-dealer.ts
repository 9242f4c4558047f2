// dealer_unpacks onCreate (经销商拆包): a code shipped to a dealer is taken out of its package there,
// or with "whole package" a package is emptied there (a case broken to sell its boxes), through the
// rule of dealer-unpack.ts. The log names the package, its level, how many codes left it, and the
// dealer and waybill they stay attributed to.
import { message } from "../../../schema/contract/messages";
import { conflict } from "../refusal";
import { childrenOf, knownCode } from "../codes/code-lookup";
import type { CreateHandler } from "../create-handler";
import { dealerHolding, unpackAtDealer } from "./dealer-unpack";
import { attributionIds } from "./dealers";
import { requireColumns } from "../packing/packaging-links";

export const unpackAtDealerHandler: CreateHandler = {
  check: (ctx, info) => {
    requireColumns(
      ctx,
      `${info.resource.name}.onCreate unpack-at-dealer`,
      ["code", "whole_package", "parent_code", "level", "unpacked_count", "dealer_id", "waybill_id", "reason"],
      info.resource.name,
    );
  },
  run: async ({ ctx, input, actor }) => {
    const code = await knownCode(ctx, input.code as string, "code");
    const dealer = await dealerHolding(ctx, code, "code");
    const reason = (input.reason as string | undefined) ?? null;
    const attributed = { dealer_id: dealer.id, waybill_id: (await attributionIds(ctx, code.code)).waybillId };
    if (input.whole_package === true) {
      const held = (await childrenOf(ctx, code.code)).map((row) => row.code);
      if (!held.length) throw conflict("code", message("codes.nothingToUnpack", { code: code.code }));
      await unpackAtDealer(ctx, { parent: code.code, codes: held, dealer, reason, operator: actor.account });
      return { parent_code: code.code, level: code.code_type, unpacked_count: held.length, ...attributed };
    }
    if (!code.parent_code) throw conflict("code", message("logistics.dealerUnpack.notPacked", { code: code.code }));
    const parent = await knownCode(ctx, code.parent_code, "code");
    await unpackAtDealer(ctx, { parent: parent.code, codes: [code.code], dealer, reason, operator: actor.account });
    return { parent_code: parent.code, level: parent.code_type, unpacked_count: 1, ...attributed };
  },
};
