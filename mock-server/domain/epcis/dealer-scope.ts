// What a dealer sees through the query interface: the events about codes shipped to it (the codes
// trace_codes attributes to it now: a code returned, or shipped on to another dealer, is no longer
// its), and the events it captured itself. The rule is one SQL condition over `_ledger_events e`,
// added to every page's WHERE: correlated lookups by the event's id on _ledger_event_codes'
// (event_id) index, trace_codes' code key and the captured events' (event_id) index, so a page
// still walks its own keyset index and costs what it did, plus a few probes per row read.
// Lists simply leave other dealers' events out; asking for one by its eventID, or for another
// dealer's EPC, is refused (SecurityException, 403), since the caller named it outright.
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { dealerNamed, type Dealer } from "../logistics/dealers";
import { EpcisProblem } from "./epcis-problem";

/** Whose events a caller sees: a dealer's, or (no dealer) all of them. */
export interface QueryScope {
  readonly dealer?: Dealer;
}

export const EVERYTHING: QueryScope = {};

/** The condition on `e` that keeps the dealer's events, and its parameters. */
export function dealerCondition(dealer: Dealer): { sql: string; params: unknown[] } {
  return {
    // CROSS JOIN keeps SQLite's order (the event's codes first, then each code's row by its key),
    // and the unary + keeps it off the dealer_id index: left to itself, on a dealer with few codes,
    // it may walk the dealer's codes for every event read. Both engines read the SQL alike.
    sql: `(EXISTS (SELECT 1 FROM _ledger_event_codes dc CROSS JOIN "trace_codes" dt
             WHERE dc.event_id = e.id AND dt."code" = dc.code AND +dt."dealer_id" = ?)
          OR EXISTS (SELECT 1 FROM "trace_codes" dp WHERE dp."code" = e.parent_code AND dp."dealer_id" = ?)
          OR EXISTS (SELECT 1 FROM _epcis_captured_events dx WHERE dx.event_id = e.id AND dx.dealer_code = ?))`,
    params: [dealer.id, dealer.id, dealer.dealer_code],
  };
}

/** Refuses a dealer the codes not shipped to it (a direct EPC it named). */
export async function refuseCodesOutside(
  ctx: ChainContext,
  scope: QueryScope,
  epc: string,
  codes: readonly string[],
): Promise<void> {
  const { dealer } = scope;
  if (!dealer) return;
  for (const code of codes) {
    const row = await ctx.store.get<{ dealer_id: number | null }>(
      `SELECT "dealer_id" AS dealer_id FROM "trace_codes" WHERE "code" = ?`,
      [code],
    );
    if (row?.dealer_id === null || row?.dealer_id === undefined || Number(row.dealer_id) !== dealer.id)
      throw new EpcisProblem(
        "SecurityException",
        message("epcisPartners.notYourEpc", { epc, dealer: dealerNamed(dealer, dealer.id) }),
      );
  }
}

/** Refuses a dealer an event (by its ledger id) that is not about its codes. */
export async function refuseEventOutside(
  ctx: ChainContext,
  scope: QueryScope,
  eventId: number,
  eventID: string,
): Promise<void> {
  const { dealer } = scope;
  if (!dealer) return;
  const condition = dealerCondition(dealer);
  const seen = await ctx.store.get(`SELECT 1 AS seen FROM _ledger_events e WHERE e.id = ? AND ${condition.sql}`, [
    eventId,
    ...condition.params,
  ] as never[]);
  if (!seen)
    throw new EpcisProblem(
      "SecurityException",
      message("epcisPartners.notYourEvent", { eventID, dealer: dealerNamed(dealer, dealer.id) }),
    );
}
