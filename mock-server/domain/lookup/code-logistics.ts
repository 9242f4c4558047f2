// Where a code went (码查询, 箱码查询, 信息查询's chain): the waybill it left on, the dealer it went
// to with the regions that dealer may sell in, when it shipped and the warehouse it left from. A
// code holds its waybill and dealer from its shipping until the shipment is undone or the code is
// freed after a return (a returned code still names where it came from). The warehouse is the
// shipping event's bizLocation, so a waybill edited after it left still shows where the goods
// really left from.
import type { ChainContext } from "../chain-context";
import { quoteIdent } from "../../db/sql-names";
import { areaByCode } from "../../regions/address-areas";
import { dealerRegionCodes } from "../logistics/authorise-region";
import { traceCodes } from "../ledger/ledger";

export interface Region {
  readonly code: string;
  readonly name: string | null;
}

interface Named {
  readonly id: number;
  readonly name: string | null;
}

export interface CodeLogistics {
  readonly waybill: Named;
  readonly dealer: Named;
  readonly authorised_regions: readonly (Region | null)[];
  readonly shipped_at: string | null;
  readonly warehouse: Named | null;
}

/** A GB/T 2260 code with its name (null for a code the tree does not know). */
export const regionOf = (code: string | null | undefined): Region | null =>
  code ? { code, name: areaByCode(code)?.name ?? null } : null;

interface ShippedRow {
  readonly waybill_id: number;
  readonly waybill_no: string | null;
  readonly waybill_warehouse_id: number | null;
  readonly dealer_id: number;
  readonly dealer_name: string | null;
  readonly shipped_at: string | null;
}

/** The warehouse the waybill's shipping event left from (its bizLocation), else the waybill's own. */
async function warehouseOf(ctx: ChainContext, shipped: ShippedRow): Promise<Named | null> {
  const left =
    shipped.waybill_no === null
      ? undefined
      : await ctx.store.get<Named>(
          `SELECT w."id" AS id, w."warehouse_name" AS name FROM _ledger_events e
           JOIN _ledger_biz_transactions b ON b.event_id = e.id AND b.type = 'bol' AND b.value = ?
           JOIN "warehouses" w ON w."warehouse_code" = e.biz_location
           WHERE e.kind = 'ship' ORDER BY e.id DESC LIMIT 1`,
          [shipped.waybill_no],
        );
  if (left) return left;
  return shipped.waybill_warehouse_id === null
    ? null
    : ((await ctx.store.get<Named>(`SELECT "id" AS id, "warehouse_name" AS name FROM "warehouses" WHERE "id" = ?`, [
        shipped.waybill_warehouse_id,
      ])) ?? null);
}

/** The waybill, dealer, ship time and warehouse of `code`, or null for a code that has not left (or came back and was freed). */
export async function codeLogistics(ctx: ChainContext, code: string): Promise<CodeLogistics | null> {
  const shipped = await ctx.store.get<ShippedRow>(
    `SELECT w."id" AS waybill_id, w."waybill_no" AS waybill_no, w."warehouse_id" AS waybill_warehouse_id,
            d."id" AS dealer_id, d."dealer_name" AS dealer_name, t."shipped_at" AS shipped_at
     FROM ${quoteIdent(traceCodes(ctx).table)} t JOIN "waybills" w ON w."id" = t."waybill_id" JOIN "dealers" d ON d."id" = t."dealer_id"
     WHERE t."code" = ?`,
    [code],
  );
  if (!shipped) return null;
  return {
    waybill: { id: shipped.waybill_id, name: shipped.waybill_no },
    dealer: { id: shipped.dealer_id, name: shipped.dealer_name },
    authorised_regions: (await dealerRegionCodes(ctx, shipped.dealer_id)).map(regionOf),
    shipped_at: shipped.shipped_at,
    warehouse: await warehouseOf(ctx, shipped),
  };
}
