// production_orders.close (关闭工单): the codes of the work order's code batch that were never
// activated are voided — one decommissioning event naming them, each voided with the reason — and
// the work order records the count (voided_codes). A voided code can never be activated or packed.
// A work order without a code batch voids nothing and records 0.
import type { DomainHandler } from "./domain-handler";
import { CodeStatus } from "./ledger/event-vocabulary";
import { recordEvent } from "./ledger/ledger";

export const closeWorkOrder: DomainHandler = {
  run: (call) => {
    const { ctx, info, id } = call;
    const order = ctx.records.row(info, id!)!;
    const batch =
      typeof order.code_batch_id === "number"
        ? ctx.records.row(ctx.catalog.info("code_batches"), order.code_batch_id)
        : undefined;
    const reason = `work order ${order.order_no as string} closed`;
    const unused = batch
      ? ctx.store
          .all<{ code: string }>(
            `SELECT c."code" AS code FROM "trace_codes" c
             WHERE c."order_id" = ? AND c."status" = ?
               AND c."id" BETWEEN (SELECT "id" FROM "trace_codes" WHERE "code" = ?) AND (SELECT "id" FROM "trace_codes" WHERE "code" = ?)
             ORDER BY c."id"`,
            [batch.order_id as number, CodeStatus.generated, batch.first_code as string, batch.last_code as string],
          )
          .map((row) => row.code)
      : [];
    if (unused.length)
      recordEvent(
        ctx,
        { kind: "void", codes: unused, reason, workOrderId: id!, operator: call.actor.account },
        { status: CodeStatus.voided, void_reason: reason },
        [CodeStatus.generated],
      );
    ctx.records.update(info, id!, { voided_codes: unused.length });
    return undefined;
  },
};
