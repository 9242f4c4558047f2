// waybill_unlinks onCreate (解绑运单): the shipped waybill a scanned code is on is unbound whole —
// every code still shipped on it (also one taken out of its package at the dealer) back to stock with
// its packaging intact (one void_shipping event
// with the original bol), the waybill marked unbound. A draft is cancelled instead, not unbound.
import { conflict } from "../refusal";
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import type { Row } from "../../resources/row-codec";
import { knownCode } from "../codes/code-lookup";
import { CodeStatus } from "../ledger/event-vocabulary";
import { waybillStatusWord } from "./logistics-words";
import type { CreateHandler } from "../create-handler";
import { requireColumns } from "../packing/packaging-links";
import { voidShipping, waybillNaming } from "./shipping";
import { codesOnWaybill, waybillById, waybillsInfo, WaybillStatus, type Waybill } from "./waybill-contents";

async function shippedWaybillOf(ctx: ChainContext, codeValue: string): Promise<Waybill> {
  const code = await knownCode(ctx, codeValue, "code");
  const id =
    (
      await ctx.store.get<{ id: number | null }>(
        `SELECT "waybill_id" AS id FROM "trace_codes" WHERE "code" = ? AND "status" = 'shipped'`,
        [code.code],
      )
    )?.id ?? null;
  if (id === null) {
    // A draft's code: say so (cancel the draft); otherwise it is on no shipped waybill.
    const { waybill } = await waybillNaming(ctx, code.code, "code");
    throw conflict("code", message("logistics.unbindDraft", { code: code.code, waybill_no: waybill.waybill_no }));
  }
  return (await waybillById(ctx, id))!;
}

export const unbindWaybill: CreateHandler = {
  check: (ctx, info) => {
    requireColumns(
      ctx,
      `${info.resource.name}.onCreate unbind-waybill`,
      ["code", "waybill_id", "dealer_id", "reason"],
      info.resource.name,
    );
  },
  run: async ({ ctx, input, actor }) =>
    await unbindWaybillOf(ctx, input.code as string, (input.reason as string | undefined) ?? null, actor.account),
};

/** Unbinds the shipped waybill `codeValue` is on; the server-owned values of the unlink's log row. */
export async function unbindWaybillOf(
  ctx: ChainContext,
  codeValue: string,
  reason: string | null,
  operator: string | null,
): Promise<Row> {
  const waybill = await shippedWaybillOf(ctx, codeValue);
  if (waybill.status !== WaybillStatus.shipped)
    throw conflict(
      "code",
      message("logistics.unbindNotShipped", {
        waybill_no: waybill.waybill_no,
        status: waybillStatusWord(waybill.status),
      }),
    );
  const codes = (await codesOnWaybill(ctx, waybill.id)).map((row) => row.code);
  // Codes taken out of the waybill's packages at the dealer are still shipped on it, loose: they come back too.
  const loose = (
    await ctx.store.all<{ code: string }>(
      `SELECT "code" AS code FROM "trace_codes" WHERE "waybill_id" = ? AND "status" = ? AND "parent_code" IS NULL ORDER BY "id"`,
      [waybill.id, CodeStatus.shipped],
    )
  )
    .map((row) => row.code)
    .filter((code) => !codes.includes(code));
  await voidShipping(ctx, waybill, [...codes, ...loose], reason, operator);
  await ctx.records.update(waybillsInfo(ctx), waybill.id, { status: WaybillStatus.unbound });
  return { waybill_id: waybill.id, dealer_id: waybill.dealer_id };
}
