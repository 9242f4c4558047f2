// code_orders.close (关闭订单): the order's unused codes (issued, never activated) are voided — one
// decommissioning event naming them, their state voided with the reason — and the closure is
// recorded in code_order_closures with the count. Voided codes can never be activated or packed.
import type { ChainContext } from "../chain-context";
import { quoteIdent } from "../../db/sql-names";
import type { ResourceInfo } from "../../resources/catalog";
import type { DomainHandler } from "../domain-handler";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordEvent, traceCodes } from "../ledger/ledger";

/** Voids order `id`'s unused codes and records the closure; the count voided. */
export async function closeCodeOrderCodes(
  ctx: ChainContext,
  info: ResourceInfo,
  id: number,
  operator: string | null,
): Promise<number> {
  const order = (await ctx.records.row(info, id))!;
  const reason = `code order ${order.order_no as string} closed`;
  const unused = (
    await ctx.store.all<{ code: string }>(
      `SELECT "code" AS code FROM ${quoteIdent(traceCodes(ctx).table)} WHERE "order_id" = ? AND "status" = ? ORDER BY "id"`,
      [id, CodeStatus.generated],
    )
  ).map((row) => row.code);
  if (unused.length)
    await recordEvent(
      ctx,
      { kind: "void", codes: unused, reason, operator },
      { status: CodeStatus.voided, void_reason: reason },
    );
  const closures = ctx.catalog.find("code_order_closures");
  if (closures)
    await ctx.records.insert(
      closures,
      {
        order_id: id,
        product_id: order.product_id ?? null,
        ordered_quantity: order.quantity ?? null,
        voided_quantity: unused.length,
        reason,
      },
      { account: operator },
    );
  return unused.length;
}

export const closeCodeOrder: DomainHandler = {
  run: async (call) => {
    await closeCodeOrderCodes(call.ctx, call.info, call.id!, call.actor.account);
    return undefined;
  },
};
