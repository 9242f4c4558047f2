// "Which dealer and waybill is this code attributed to now" — for the consumer-scan side (channel
// conflicts, verdicts) and lookups. Attribution is the code's current state: set by
// shipping on everything a waybill contains, cleared by a reduction, exchange, unbinding and
// (as far as the dealer is concerned) by a return.
import type { ChainContext } from "../chain-context";
import { CodeStatus } from "../ledger/event-vocabulary";

export interface Attribution {
  readonly waybill_id: number;
  readonly waybill_no: string;
  readonly dealer_id: number;
  readonly dealer_code: string;
  readonly dealer_name: string;
  readonly shipped_at: string | null;
}

/** The waybill and dealer `code` is attributed to now, or null (in stock, returned, unknown). */
export async function attributionOf(ctx: ChainContext, code: string): Promise<Attribution | null> {
  return (
    (await ctx.store.get<Attribution>(
      `SELECT w."id" AS waybill_id, w."waybill_no" AS waybill_no, d."id" AS dealer_id, d."dealer_code" AS dealer_code, d."dealer_name" AS dealer_name, t."shipped_at" AS shipped_at
       FROM "trace_codes" t JOIN "waybills" w ON w."id" = t."waybill_id" JOIN "dealers" d ON d."id" = t."dealer_id"
       WHERE t."code" = ? AND t."status" = ?`,
      [code, CodeStatus.shipped],
    )) ?? null
  );
}
