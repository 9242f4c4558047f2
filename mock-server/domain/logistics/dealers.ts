// Dealers as the logistics rules name them: by id, in a refusal as "name (code)", and the dealer
// and waybill a shipped code is attributed to now (trace_codes.dealer_id, waybill_id).
import { message, type Message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";

export interface Dealer {
  readonly id: number;
  readonly dealer_code: string;
  readonly dealer_name: string;
}

export const dealerById = async (ctx: ChainContext, id: number | null): Promise<Dealer | undefined> =>
  id === null
    ? undefined
    : await ctx.store.get<Dealer>(
        `SELECT "id" AS id, "dealer_code" AS dealer_code, "dealer_name" AS dealer_name FROM "dealers" WHERE "id" = ?`,
        [id],
      );

/** "name (code)" of a dealer; "dealer 7" for an id no dealer has. */
export const dealerNamed = (dealer: Dealer | undefined, id: number | null): Message | string =>
  dealer ? `${dealer.dealer_name} (${dealer.dealer_code})` : message("logistics.dealerId", { id: id ?? "unknown" });

/** The dealer and waybill `code` is attributed to now (null for a code in stock or returned). */
export const attributionIds = async (
  ctx: ChainContext,
  code: string,
): Promise<{ dealerId: number | null; waybillId: number | null }> => {
  const row = await ctx.store.get<{ dealer_id: number | null; waybill_id: number | null }>(
    `SELECT "dealer_id" AS dealer_id, "waybill_id" AS waybill_id FROM "trace_codes" WHERE "code" = ?`,
    [code],
  );
  return { dealerId: row?.dealer_id ?? null, waybillId: row?.waybill_id ?? null };
};
