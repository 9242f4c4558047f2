// production_orders.close (关闭工单): settles a work order — planned, in production or finished
// (完工 then 关闭 is the normal path). The codes of its code batch never activated are voided: one
// decommissioning event naming them and the work order (so the work order's EPCIS export shows
// it), each code voided with the reason given (by default "work order N closed"), and the work order
// records the count (voided_codes). A voided code can never be activated or packed. A work order
// without a code batch voids nothing and records 0.
import type { DomainHandler } from "../domain-handler";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordEvent } from "../ledger/ledger";

export const closeWorkOrder: DomainHandler = {
  inputProperties: {
    reason: {
      type: "string",
      minLength: 1,
      maxLength: 200,
      description: "Why the work order is closed; the void event and each voided code keep it.",
    },
  },
  run: async (call) => {
    const { ctx, info, id, input } = call;
    const order = (await ctx.records.row(info, id!))!;
    const batch =
      typeof order.code_batch_id === "number"
        ? await ctx.records.row(ctx.catalog.info("code_batches"), order.code_batch_id)
        : undefined;
    const given = typeof input.reason === "string" ? input.reason.trim() : "";
    const reason = given || `work order ${order.order_no as string} closed`;
    const unused = batch
      ? (
          await ctx.store.all<{ code: string }>(
            `SELECT c."code" AS code FROM "trace_codes" c
             WHERE c."order_id" = ? AND c."status" = ?
               AND c."id" BETWEEN (SELECT "id" FROM "trace_codes" WHERE "code" = ?) AND (SELECT "id" FROM "trace_codes" WHERE "code" = ?)
             ORDER BY c."id"`,
            [batch.order_id as number, CodeStatus.generated, batch.first_code as string, batch.last_code as string],
          )
        ).map((row) => row.code)
      : [];
    if (unused.length)
      await recordEvent(
        ctx,
        { kind: "void", codes: unused, reason, workOrderId: id!, operator: call.actor.account },
        { status: CodeStatus.voided, void_reason: reason },
      );
    await ctx.records.update(info, id!, { voided_codes: unused.length });
    return undefined;
  },
};
