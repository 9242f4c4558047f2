// production_orders.finish (完工): a work order's partial (tail) packages — boxes, cases or pallets
// it activated that hold something but less than their capacity — are closed with it, so a
// half-filled box leaves the line as it is and takes nothing more. The first call answers 409
// listing each tail package and its fill in errors.confirm (nothing changes: the status stays in
// progress; schema/contract/confirmation.ts); the call confirmed with confirm: true finishes the
// order and closes them (one close_package ledger event naming them). A work order without tail
// packages finishes at once.
import { CONFIRM_FIELD } from "../../../schema/contract/confirmation";
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { ChainRefusal } from "../refusal";
import { childrenOf, type CodeRow } from "../codes/code-lookup";
import type { DomainHandler } from "../domain-handler";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordEvent } from "../ledger/ledger";
import { fillOf, type Fill } from "../packing/package-fill";

export interface TailPackage {
  readonly code: string;
  readonly fill: Fill;
}

/** The work order's packages in use that are partial (neither empty nor full nor already closed). */
export async function tailPackages(ctx: ChainContext, workOrderId: number): Promise<TailPackage[]> {
  const packages = await ctx.store.all<CodeRow>(
    `SELECT "id" AS id, "code" AS code, "code_type" AS code_type, "status" AS status, "parent_code" AS parent_code, "order_id" AS order_id,
       "work_order_id" AS work_order_id, "product_id" AS product_id, "batch_no" AS batch_no
     FROM "trace_codes" WHERE "work_order_id" = ? AND "code_type" <> 'item' AND "status" IN (?, ?) ORDER BY "id"`,
    [workOrderId, CodeStatus.activated, CodeStatus.packed],
  );
  const tails: TailPackage[] = [];
  for (const pkg of packages) {
    const children = await childrenOf(ctx, pkg.code);
    const fill = await fillOf(ctx, pkg, children.length);
    if (fill.state === "partial") tails.push({ code: pkg.code, fill });
  }
  return tails;
}

const describe = (tails: readonly TailPackage[]) =>
  tails.map((tail) => `${tail.code} (${tail.fill.held}/${tail.fill.capacity ?? "?"})`).join(", ");

/** The confirmed finish: closes `tails` (one close_package event naming them). */
export async function closeTailPackages(
  ctx: ChainContext,
  workOrderId: number,
  tails: readonly TailPackage[],
  operator: string | null,
): Promise<void> {
  await recordEvent(
    ctx,
    {
      kind: "close_package",
      codes: tails.map((tail) => tail.code),
      workOrderId,
      reason: `partial: ${describe(tails)}`,
      operator,
    },
    {},
  );
}

export const finishWorkOrder: DomainHandler = {
  inputProperties: {
    [CONFIRM_FIELD]: { type: "boolean", description: "Confirms closing the partial packages the first answer listed." },
  },
  run: async (call) => {
    const { ctx, id, input, row } = call;
    const tails = await tailPackages(ctx, id!);
    if (!tails.length) return undefined;
    if (input[CONFIRM_FIELD] !== true) {
      const order = row!.order_no as string;
      const rule =
        tails.length > 1
          ? message("codes.partialPackages", { order, count: tails.length, packages: describe(tails) })
          : message("codes.partialPackage", { order, packages: describe(tails) });
      throw new ChainRefusal("conflict", rule, { [CONFIRM_FIELD]: rule });
    }
    await closeTailPackages(ctx, id!, tails, call.actor.account);
    return undefined;
  },
};
