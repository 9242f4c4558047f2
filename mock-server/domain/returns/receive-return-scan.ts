// returns.receive_scan (退货收货工位): one scanned code received against an RMA. The first scan
// of an RMA opens its return (the returns row 登记退货 writes); each scan is received through the
// returns rule (returns.ts: shipped to that dealer, a box out of a shipped case unpacked at the
// dealer first) and joins the row: its codes, its item quantity. An RMA stays with the dealer and
// warehouse it was opened for, and a row holds at most what its codes field holds.
import { conflict, invalid } from "../refusal";
import { message } from "../../../schema/contract/messages";
import { INPUT_RULE_PATTERN } from "../../../schema/contract/patterns";
import type { ChainContext } from "../chain-context";
import type { ResourceInfo } from "../../resources/catalog";
import type { Row } from "../../resources/row-codec";
import type { Actor } from "../../resources/stamps";
import { dealerById, dealerNamed } from "../logistics/dealers";
import type { DomainHandler } from "../domain-handler";
import { receiveReturn } from "./returns";
import { businessZone } from "../../time/business-zone";
import { businessDayOf } from "../../time/business-day";

interface ReturnRow {
  readonly id: number;
  readonly dealer_id: number;
  readonly warehouse_id: number;
  readonly codes: string;
  readonly quantity: number | null;
  readonly waybill_id: number | null;
}

export interface ReturnScan {
  readonly returnNo: string;
  readonly dealerId: number;
  readonly warehouseId: number;
  readonly code: string;
  readonly reason: string | null;
}

const warehouseNamed = async (ctx: ChainContext, id: number): Promise<string> =>
  (await ctx.store.get<{ name: string }>(`SELECT "warehouse_name" AS name FROM "warehouses" WHERE "id" = ?`, [id]))
    ?.name ?? String(id);

async function openReturn(ctx: ChainContext, returnNo: string): Promise<ReturnRow | undefined> {
  return await ctx.store.get<ReturnRow>(
    `SELECT "id" AS id, "dealer_id" AS dealer_id, "warehouse_id" AS warehouse_id, "codes" AS codes, "quantity" AS quantity, "waybill_id" AS waybill_id FROM "returns" WHERE "return_no" = ?`,
    [returnNo],
  );
}

/** Receives `scan.code` against its RMA, opening the return on the RMA's first scan; the return's id. */
export async function receiveReturnScan(
  ctx: ChainContext,
  info: ResourceInfo,
  scan: ReturnScan,
  actor: Actor,
): Promise<number> {
  const existing = await openReturn(ctx, scan.returnNo);
  if (existing && existing.dealer_id !== scan.dealerId)
    throw conflict(
      "dealer_id",
      message("logistics.return.rmaOtherDealer", {
        return_no: scan.returnNo,
        dealer: dealerNamed(await dealerById(ctx, existing.dealer_id), existing.dealer_id),
      }),
    );
  if (existing && existing.warehouse_id !== scan.warehouseId)
    throw conflict(
      "warehouse_id",
      message("logistics.return.rmaOtherWarehouse", {
        return_no: scan.returnNo,
        warehouse: await warehouseNamed(ctx, existing.warehouse_id),
      }),
    );
  const codes = existing ? `${existing.codes}\n${scan.code}` : scan.code;
  const limit = info.byName.get("codes")?.maxLength;
  if (limit !== undefined && codes.length > limit)
    throw conflict("codes", message("logistics.return.rmaFull", { return_no: scan.returnNo }));
  const received = await receiveReturn(ctx, {
    returnNo: scan.returnNo,
    dealerId: scan.dealerId,
    warehouseId: scan.warehouseId,
    codes: [scan.code],
    reason: scan.reason,
    operator: actor.account,
  });
  if (!existing)
    return await ctx.records.insert(
      info,
      {
        return_no: scan.returnNo,
        dealer_id: scan.dealerId,
        warehouse_id: scan.warehouseId,
        codes,
        reason: scan.reason,
        waybill_id: received.waybill_id,
        quantity: received.quantity,
        return_date: businessDayOf(ctx.clock(), await businessZone(ctx)),
      },
      actor,
    );
  await ctx.records.update(info, existing.id, {
    codes,
    quantity: (existing.quantity ?? 0) + received.quantity,
    waybill_id: existing.waybill_id ?? received.waybill_id,
  });
  return existing.id;
}

function required<T>(input: Row, field: string): T {
  const value = input[field];
  if (value === undefined || value === null || value === "") throw invalid(field, message("common.rule.required"));
  return value as T;
}

export const receiveReturnScanHandler: DomainHandler = {
  inputProperties: {
    return_no: { type: "string", minLength: 1, maxLength: 32, pattern: INPUT_RULE_PATTERN },
    dealer_id: { type: "integer", minimum: 1 },
    warehouse_id: { type: "integer", minimum: 1 },
    codes: { type: "string", minLength: 1, maxLength: 64 },
    reason: { type: "string", maxLength: 200 },
  },
  run: async ({ ctx, info, input, actor }) => {
    const id = await receiveReturnScan(
      ctx,
      info,
      {
        returnNo: required<string>(input, "return_no"),
        dealerId: required<number>(input, "dealer_id"),
        warehouseId: required<number>(input, "warehouse_id"),
        code: required<string>(input, "codes").trim(),
        reason: (input.reason as string | undefined) || null,
      },
      actor,
    );
    return await ctx.records.record(info, id);
  },
};
