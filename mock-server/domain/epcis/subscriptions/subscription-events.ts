// The events a subscription delivers next: the ledger rows after its cursor, up to the ledger's
// horizon, that its named query matches (the query's filter, as /epcis/events applies it), in
// ledger order, at most `limit`; and the document that carries them to the partner, an
// EPCISQueryDocument naming the query and the subscription (EPCIS 2.0 §8.2.8).
import { EVERYTHING, type QueryScope } from "../dealer-scope";
import type { ChainContext } from "../../chain-context";
import { businessZone } from "../../../time/business-zone";
import { EPCIS_CONTEXT, PRIVATE_NAMESPACE } from "../epcis-namespace";
import { storedEpcisEvent } from "../epcis-document";
import type { EpcisEvent } from "../epcis-event";
import { loadEventFacts } from "../event-facts";
import { whereOf } from "../event-query";
import { parseEventQuery, type RawQuery } from "../query-parameters";

export interface Batch {
  /** Ledger ids of the matching events, in order. */
  readonly ids: number[];
  /** The cursor once this batch is delivered: the last id looked at, matching or not. */
  readonly through: number;
}

export async function nextBatch(
  ctx: ChainContext,
  query: RawQuery,
  after: number,
  horizon: number,
  limit: number,
  scope: QueryScope = EVERYTHING,
): Promise<Batch> {
  if (horizon <= after) return { ids: [], through: after };
  const where = await whereOf(ctx, parseEventQuery(query).filter, scope);
  const rows = await ctx.store.all<{ id: number }>(
    `SELECT e.id AS id FROM _ledger_events e WHERE ${where.clauses.join(" AND ")} AND e.id > ? AND e.id <= ?
     ORDER BY e.id LIMIT ${limit}`,
    [...where.params, after, horizon] as never[],
  );
  const ids = rows.map((row) => Number(row.id));
  return { ids, through: ids.length === limit ? ids[ids.length - 1] : horizon };
}

export async function subscriptionDocument(
  ctx: ChainContext,
  subscription: { readonly id: string; readonly queryName: string },
  ids: readonly number[],
): Promise<Record<string, unknown>> {
  const events: EpcisEvent[] = (await loadEventFacts(ctx, ids, await businessZone(ctx))).map(storedEpcisEvent);
  return {
    "@context": [EPCIS_CONTEXT, PRIVATE_NAMESPACE],
    type: "EPCISQueryDocument",
    schemaVersion: "2.0",
    creationDate: ctx.records.now(),
    epcisBody: {
      queryResults: {
        queryName: subscription.queryName,
        subscriptionID: subscription.id,
        resultsBody: { eventList: events },
      },
    },
  };
}
