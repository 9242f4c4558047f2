// The frozen snapshot of a code's chain at evidence capture: the code's state, and
// if it is shipped, the dealer it is attributed to (name as text, so a later rename of the dealer
// does not change what the inspector saw), the dealer's authorised regions, the waybill and the ship
// time. Written once, when the evidence is created, into read-only columns.
import type { ChainContext } from "../chain-context";
import type { Row } from "../../resources/row-codec";
import { attributionOf } from "../logistics/attribution";
import { dealerRegionCodes } from "../logistics/authorise-region";

/** The dealer's authorised region codes now, comma-separated (its authorised_regions; none held: its own sales region). */
export async function authorisedRegionsText(ctx: ChainContext, dealerId: number): Promise<string | null> {
  const granted = await dealerRegionCodes(ctx, dealerId);
  if (granted.length) return granted.join(",");
  const row = await ctx.store.get<{ region_code: string | null }>(
    `SELECT "region_code" AS region_code FROM "dealers" WHERE "id" = ?`,
    [dealerId],
  );
  return row?.region_code ?? null;
}

export async function chainSnapshot(ctx: ChainContext, code: string | undefined): Promise<Row> {
  if (!code) return { snapshot_code_status: null };
  const state = await ctx.store.get<{ status: string }>(
    `SELECT "status" AS status FROM "trace_codes" WHERE "code" = ?`,
    [code],
  );
  if (!state) return { snapshot_code_status: "not_found" };
  const attribution = await attributionOf(ctx, code);
  if (!attribution) return { snapshot_code_status: state.status };
  return {
    snapshot_code_status: state.status,
    snapshot_dealer_id: attribution.dealer_id,
    snapshot_dealer_name: attribution.dealer_name,
    snapshot_regions: await authorisedRegionsText(ctx, attribution.dealer_id),
    snapshot_waybill_no: attribution.waybill_no,
    snapshot_shipped_at: attribution.shipped_at,
  };
}
