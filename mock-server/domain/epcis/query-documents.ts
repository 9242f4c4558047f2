// What the EPCIS query interface answers: a page of events as an EPCISQueryDocument, one event by
// its hash, an EPC's events, and the discovery lists (event types, bizSteps, dispositions, read
// points, business locations, EPCs) as JSON-LD collections. Rules only: the route module
// (mock-server/epcis) adds the headers and the problem bodies.
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { businessZone } from "../../time/business-zone";
import { EPCIS_CONTEXT, PRIVATE_NAMESPACE } from "./epcis-namespace";
import { storedEpcisEvent } from "./epcis-document";
import type { EpcisEvent } from "./epcis-event";
import { codeUris, loadEventFacts } from "./event-facts";
import { codesOfEpcs, eventPage } from "./event-query";
import { noSuchResource } from "./epcis-problem";
import { privateUri } from "./epcis-identifiers";
import { pageToken, parseEventQuery, type RawQuery } from "./query-parameters";
import { discoveryPage } from "./discovery";
import { dealerCondition, refuseCodesOutside, refuseEventOutside, type QueryScope } from "./dealer-scope";

const CONTEXT = [EPCIS_CONTEXT, PRIVATE_NAMESPACE] as const;
const ENCODING_KINDS = ["issue", "import"];

export interface Answer {
  readonly body: Record<string, unknown>;
  /** The token of the next page, when there is one. */
  readonly next?: string;
}

async function eventsOf(ctx: ChainContext, ids: readonly number[]): Promise<EpcisEvent[]> {
  return (await loadEventFacts(ctx, ids, await businessZone(ctx))).map(storedEpcisEvent);
}

/**
 * GET /epcis/events (and an EPC's events, `fixed` naming it; a named query's, `queryName` naming
 * it): one page as an EPCISQueryDocument, of the events `scope` sees.
 */
export async function queryEvents(
  ctx: ChainContext,
  scope: QueryScope,
  raw: RawQuery,
  fixed: Parameters<typeof parseEventQuery>[1] = {},
  queryName = "SimpleEventQuery",
): Promise<Answer> {
  const query = parseEventQuery(raw, fixed);
  const page = await eventPage(ctx, query, scope);
  return {
    body: {
      "@context": CONTEXT,
      type: "EPCISQueryDocument",
      schemaVersion: "2.0",
      creationDate: ctx.records.now(),
      epcisBody: {
        queryResults: { queryName, resultsBody: { eventList: await eventsOf(ctx, page.ids) } },
      },
    },
    ...(page.next ? { next: pageToken(page.next, query.fingerprint) } : {}),
  };
}

/** GET /epcis/events/{eventID}: the event with that hash, as a JSON-LD event of its own. */
export async function eventByHash(ctx: ChainContext, scope: QueryScope, hash: string): Promise<Answer> {
  const row = await ctx.store.get<{ id: number }>(
    `SELECT id FROM _ledger_events WHERE event_hash = ? AND kind NOT IN (${ENCODING_KINDS.map(() => "?").join(", ")})`,
    [hash, ...ENCODING_KINDS],
  );
  if (!row) throw noSuchResource(message("epcis.noEvent", { id: hash }));
  await refuseEventOutside(ctx, scope, Number(row.id), hash);
  const [event] = await eventsOf(ctx, [Number(row.id)]);
  return { body: { "@context": CONTEXT, ...event } };
}

/** GET /epcis/epcs/{epc}/events: the events naming the EPC anywhere (epcList, childEPCs, parentID). */
export async function eventsOfEpc(ctx: ChainContext, scope: QueryScope, epc: string, raw: RawQuery): Promise<Answer> {
  const codes = await codesOfEpcs(ctx, [epc]);
  if (!codes.length) throw noSuchResource(message("epcis.noEpc", { epc }));
  await refuseCodesOutside(ctx, scope, epc, codes);
  return await queryEvents(ctx, scope, raw, { anyEpcs: [epc] });
}

export const DISCOVERY_LISTS = [
  "eventTypes",
  "bizSteps",
  "dispositions",
  "readPoints",
  "bizLocations",
  "epcs",
] as const;
export type DiscoveryList = (typeof DISCOVERY_LISTS)[number];

const withoutEncoding = `kind NOT IN (${ENCODING_KINDS.map(() => "?").join(", ")})`;

/** `e`'s events `scope` sees: no condition, or the dealer's. */
const seenBy = (scope: QueryScope) => (scope.dealer ? dealerCondition(scope.dealer) : { sql: "1 = 1", params: [] });

/** The members of a small vocabulary the events `scope` sees use, as URIs, in value order. */
async function vocabulary(
  ctx: ChainContext,
  scope: QueryScope,
  list: Exclude<DiscoveryList, "epcs">,
): Promise<string[]> {
  const seen = seenBy(scope);
  const distinct = async (column: string) =>
    (
      await ctx.store.all<{ value: string }>(
        `SELECT DISTINCT e.${column} AS value FROM _ledger_events e WHERE e.${column} IS NOT NULL AND e.${withoutEncoding} AND ${seen.sql}`,
        [...ENCODING_KINDS, ...seen.params] as never[],
      )
    ).map((row) => row.value);
  switch (list) {
    case "eventTypes":
      return await distinct("event_type");
    case "bizSteps":
      return (await distinct("biz_step")).map((step) => `https://ref.gs1.org/cbv/BizStep-${step}`);
    case "dispositions":
      return (await distinct("disposition")).map((disposition) => `https://ref.gs1.org/cbv/Disp-${disposition}`);
    case "bizLocations":
      return (await distinct("biz_location")).map((place) => privateUri("place", place));
    case "readPoints": {
      const places = (await distinct("read_point")).map((place) =>
        place.startsWith("geo:") ? place : privateUri("place", place),
      );
      // A work order's events without a place of their own are read at its line.
      const lines = await ctx.store.all<{ line: string }>(
        `SELECT DISTINCT l.line_code AS line FROM _ledger_events e JOIN production_orders o ON o.id = e.work_order_id
         JOIN production_lines l ON l.id = o.line_id WHERE e.read_point IS NULL AND l.line_code IS NOT NULL AND e.${withoutEncoding} AND ${seen.sql}`,
        [...ENCODING_KINDS, ...seen.params] as never[],
      );
      return [...places, ...lines.map((row) => privateUri("line", row.line))];
    }
  }
}

/** GET /epcis/{list}: one page of a discovery list, as a JSON-LD collection of URIs. */
export async function discovery(
  ctx: ChainContext,
  scope: QueryScope,
  list: DiscoveryList,
  raw: RawQuery,
): Promise<Answer> {
  const page = await discoveryPage(raw, list, {
    vocabulary: async () => await vocabulary(ctx, scope, list as Exclude<DiscoveryList, "epcs">),
    codesAfter: async (after, count) => {
      // A dealer's EPCs are the codes shipped to it that some event names.
      const own = scope.dealer
        ? `AND EXISTS (SELECT 1 FROM "trace_codes" t WHERE t."code" = c.code AND t."dealer_id" = ?)`
        : "";
      const codes = (
        await ctx.store.all<{ code: string }>(
          `SELECT DISTINCT c.code AS code FROM _ledger_event_codes c JOIN _ledger_events e ON e.id = c.event_id
           WHERE c.code > ? AND e.${withoutEncoding} ${own} ORDER BY c.code LIMIT ${count}`,
          [after, ...ENCODING_KINDS, ...(scope.dealer ? [scope.dealer.id] : [])],
        )
      ).map((row) => row.code);
      const uriOf = await codeUris(ctx, codes);
      return codes.map((code) => ({ key: code, member: uriOf(code) }));
    },
  });
  return {
    body: { "@context": EPCIS_CONTEXT, type: "Collection", member: page.members },
    ...(page.next ? { next: page.next } : {}),
  };
}
