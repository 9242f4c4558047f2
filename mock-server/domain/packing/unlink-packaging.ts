// packaging_unlinks onCreate (关联解除), three ways:
// - one code leaves its package (an unpacking event, its state back to activated with no parent,
//   its link row gone); the log keeps what it was linked to (parent_code, level). What the code
//   itself holds stays with it: unpacking a box from its case does not empty the box;
// - the same, with the parent named (named_parent): refused when the code sits in another package,
//   naming the real one, so an operator removing a child from the box in hand cannot empty another;
// - a whole package (whole_package): everything it holds leaves it in one unpacking event; the
//   package itself stays where it is. The log's parent_code is then the package emptied.
// The log counts the codes unpacked. A code that has left the plant is refused, saying where it is
// unpacked instead: shipped, at its dealer (经销商拆包); returned, once freed (退货解绑).
import { message } from "../../../schema/contract/messages";
import { conflict, invalid } from "../refusal";
import { childrenOf, knownCode, type CodeRow } from "../codes/code-lookup";
import type { CreateHandler } from "../create-handler";
import { dealerById, dealerNamed, attributionIds } from "../logistics/dealers";
import { CodeStatus } from "../ledger/event-vocabulary";
import { dropLinks, requireColumns } from "./packaging-links";
import { unpack } from "./packing";
import type { ChainContext } from "../chain-context";

/** 409 when `code` is not in the plant: shipped (unpack it at the dealer) or returned (free it first). */
async function requireInPlant(ctx: ChainContext, code: CodeRow): Promise<void> {
  if (code.status === CodeStatus.shipped) {
    const { dealerId } = await attributionIds(ctx, code.code);
    throw conflict(
      "code",
      message("logistics.dealerUnpack.shippedUseDealer", {
        code: code.code,
        dealer: dealerNamed(await dealerById(ctx, dealerId), dealerId),
      }),
    );
  }
  if (code.status === CodeStatus.returned)
    throw conflict("code", message("logistics.dealerUnpack.returnedFreeFirst", { code: code.code }));
}

export const unlinkPackaging: CreateHandler = {
  check: (ctx, info) => {
    const owner = `${info.resource.name}.onCreate unlink-packaging`;
    requireColumns(ctx, owner, ["parent_code", "child_code", "level"]);
    requireColumns(
      ctx,
      owner,
      ["code", "parent_code", "named_parent", "level", "whole_package", "unpacked_count"],
      info.resource.name,
    );
  },
  run: async ({ ctx, input, actor }) => {
    const code = await knownCode(ctx, input.code as string, "code");
    const reason = (input.reason as string | undefined) ?? null;
    const named = (input.named_parent as string | undefined | null) ?? null;
    await requireInPlant(ctx, code);
    if (input.whole_package === true) {
      if (named !== null && named !== code.code)
        throw invalid("named_parent", message("codes.leaveNamedParentEmpty", { code: code.code }));
      const held = (await childrenOf(ctx, code.code)).map((row) => row.code);
      if (!held.length) throw conflict("code", message("codes.nothingToUnpack", { code: code.code }));
      await unpack(ctx, code.code, held, actor.account, reason);
      await dropLinks(ctx, held);
      return { parent_code: code.code, level: code.code_type, unpacked_count: held.length };
    }
    if (!code.parent_code) throw invalid("code", message("codes.notPacked", { code: code.code }));
    if (named !== null && named !== code.parent_code)
      throw conflict(
        "named_parent",
        message("codes.notInNamedParent", { code: code.code, named, parent: code.parent_code }),
      );
    const parent = await knownCode(ctx, code.parent_code, "code");
    await unpack(ctx, parent.code, [code.code], actor.account, reason);
    await dropLinks(ctx, [code.code]);
    return { parent_code: parent.code, level: parent.code_type, unpacked_count: 1 };
  },
};
