// code_activations onCreate (码激活): one code, a range (first_code..last_code of one code order)
// or a whole generation batch becomes the product of a work order: one ledger event (commissioning,
// ilmd lot/dates from the work order, bizTransaction prodorder), the codes' state set to activated
// with the work order, lot and product, and the work order's produced quantity recounted from the
// ledger (items only). All or nothing: one code that cannot be activated refuses the whole call.
import { message, type Message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { conflict, invalid } from "../refusal";
import type { Row } from "../../resources/row-codec";
import { codesBetween, knownCode, lockCodes, lockCodesBetween, type CodeRow } from "../codes/code-lookup";
import { levelWord, workOrderStatusWord } from "../codes/code-words";
import type { CreateHandler } from "../create-handler";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordEvent } from "../ledger/ledger";
import { requireColumns } from "../packing/packaging-links";

/** Codes one call may activate; a bigger batch is activated in ranges. */
export const MAX_CODES_PER_ACTIVATION = 100_000;
const OPEN_WORK_ORDER: readonly string[] = ["planned", "in_progress"];

async function workOrderOf(ctx: ChainContext, id: number): Promise<Row> {
  const row = await ctx.records.row(ctx.catalog.info("production_orders"), id);
  if (!row) throw invalid("work_order_id", message("common.rule.refMissing", { resource: "production_orders", id }));
  if (!OPEN_WORK_ORDER.includes(row.status as string))
    throw conflict(
      "work_order_id",
      message("codes.workOrderNotOpen", {
        order: row.order_no as string,
        status: workOrderStatusWord(row.status as string),
      }),
    );
  return row;
}

async function codesOf(ctx: ChainContext, input: Row): Promise<{ codes: CodeRow[]; field: string }> {
  if (input.batch_id != null) {
    if (input.first_code != null || input.last_code != null) throw invalid("batch_id", message("codes.batchOrCodes"));
    const batch = await ctx.records.row(ctx.catalog.info("code_batches"), input.batch_id as number);
    if (!batch)
      throw invalid(
        "batch_id",
        message("common.rule.refMissing", { resource: "code_batches", id: input.batch_id as number }),
      );
    const first = await knownCode(ctx, batch.first_code as string, "batch_id");
    const last = await knownCode(ctx, batch.last_code as string, "batch_id");
    return { codes: await range(ctx, first, last, "batch_id"), field: "batch_id" };
  }
  if (input.first_code == null) throw invalid("first_code", message("codes.nothingToActivate"));
  const first = await knownCode(ctx, input.first_code as string, "first_code");
  if (input.last_code == null || input.last_code === input.first_code) {
    await lockCodes(ctx, [first.code]);
    return { codes: [await knownCode(ctx, first.code, "first_code")], field: "first_code" };
  }
  const last = await knownCode(ctx, input.last_code as string, "last_code");
  if (last.order_id !== first.order_id)
    throw invalid("last_code", message("codes.rangeAcrossOrders", { last: last.code, first: first.code }));
  if (last.id < first.id)
    throw invalid("last_code", message("codes.rangeReversed", { last: last.code, first: first.code }));
  return { codes: await range(ctx, first, last, "last_code"), field: "first_code" };
}

/** The range's codes, locked until the activation is recorded and read under the lock. */
async function range(ctx: ChainContext, first: CodeRow, last: CodeRow, field: string): Promise<CodeRow[]> {
  await lockCodesBetween(ctx, first, last);
  const codes = await codesBetween(ctx, first, last, MAX_CODES_PER_ACTIVATION + 1);
  if (codes.length > MAX_CODES_PER_ACTIVATION)
    throw invalid(field, message("codes.tooManyToActivate", { limit: MAX_CODES_PER_ACTIVATION }));
  return codes;
}

async function workOrderNo(ctx: ChainContext, id: number | null): Promise<Message> {
  if (id === null) return message("codes.anotherWorkOrder");
  const row = await ctx.records.row(ctx.catalog.info("production_orders"), id);
  return message("codes.workOrder", { order: (row?.order_no as string | undefined) ?? id });
}

/** Refuses the first code that cannot be activated at `level`, naming why. */
async function checkActivatable(
  ctx: ChainContext,
  codes: readonly CodeRow[],
  level: string,
  field: string,
): Promise<void> {
  for (const code of codes) {
    if (code.status === CodeStatus.voided)
      throw conflict(field, message("codes.voidedNotActivatable", { code: code.code }));
    if (code.status !== CodeStatus.generated)
      throw conflict(
        field,
        message("codes.alreadyActivated", { code: code.code, workOrder: await workOrderNo(ctx, code.work_order_id) }),
      );
    if (code.code_type !== level)
      throw invalid(
        field,
        message("codes.codeTypeMismatch", {
          code: code.code,
          actual: levelWord("aLevelCode", code.code_type),
          wanted: levelWord("aLevelCode", level),
        }),
      );
  }
}

/** produced_qty of the work order: the item codes its activations commissioned, from the ledger. */
export async function producedQuantity(ctx: ChainContext, workOrderId: number): Promise<number> {
  return (
    (
      await ctx.store.get<{ n: number }>(
        `SELECT count(*) AS n FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id JOIN trace_codes t ON t.code = c.code
       WHERE e.work_order_id = ? AND e.kind = 'activate' AND t.code_type = 'item'`,
        [workOrderId],
      )
    )?.n ?? 0
  );
}

/** Records the activation of `codes` (already checked) against `workOrder`, and recounts its output. */
export async function activate(
  ctx: ChainContext,
  workOrder: Row,
  codes: readonly string[],
  level: string,
  operator: string | null,
): Promise<void> {
  const workOrderId = workOrder.id as number;
  await recordEvent(
    ctx,
    {
      kind: "activate",
      codes,
      workOrderId,
      lot: (workOrder.batch_no as string | null) ?? null,
      productionDate: (workOrder.production_date as string | null) ?? null,
      expiryDate: (workOrder.expiry_date as string | null) ?? null,
      bizTransactions: [{ type: "prodorder", value: workOrder.order_no as string }],
      operator,
    },
    {
      status: CodeStatus.activated,
      work_order_id: workOrderId,
      batch_no: workOrder.batch_no ?? null,
      product_id: workOrder.product_id ?? null,
    },
  );
  if (level === "item")
    await ctx.records.update(ctx.catalog.info("production_orders"), workOrderId, {
      produced_qty: await producedQuantity(ctx, workOrderId),
    });
}

export const activateCodes: CreateHandler = {
  check: (ctx, info) => {
    const owner = `${info.resource.name}.onCreate activate-codes`;
    requireColumns(
      ctx,
      owner,
      ["work_order_id", "level", "first_code", "last_code", "batch_id", "activated_count"],
      info.resource.name,
    );
    requireColumns(
      ctx,
      owner,
      ["code", "code_type", "status", "order_id", "work_order_id", "batch_no", "product_id"],
      "trace_codes",
    );
    requireColumns(
      ctx,
      owner,
      ["order_no", "batch_no", "product_id", "production_date", "expiry_date", "status", "produced_qty"],
      "production_orders",
    );
  },
  run: async ({ ctx, input, actor }) => {
    // Codes' statuses and the work order's output are read, checked and written: the work order's
    // row is held first (as an action on it holds it), then the codes, until the activation is
    // recorded, so an overlapping activation waits and then finds its codes activated, and two
    // activations for one work order count produced_qty one after the other.
    await ctx.store.lockRows("production_orders", "id", [input.work_order_id as number]);
    const workOrder = await workOrderOf(ctx, input.work_order_id as number);
    const { codes, field } = await codesOf(ctx, input);
    const level = input.level as string;
    await checkActivatable(ctx, codes, level, field);
    await activate(
      ctx,
      workOrder,
      codes.map((code) => code.code),
      level,
      actor.account,
    );
    return { activated_count: codes.length };
  },
};
