// The EPCIS 2.0 export: the ledger's events of a scope as one EPCISDocument in
// JSON-LD. A projection of the ledger like the reports: each stored event becomes one EPCIS event
// with the meaning the vocabulary gave it (eventType, action, bizStep, disposition), so
// activation is a commissioning ObjectEvent ADD with ilmd lot/expiry and its prodorder,
// packing/unpacking are AggregationEvents (one per parent, so one per level), a void is a
// decommissioning ObjectEvent DELETE. Logistics: shipping with its bol and the
// dealer as destination owning party, void_shipping with the original bol, receiving (returned)
// with its rma and the dealer as source; a pallet's events name its SSCC only, and a code's scope
// reaches them through the packages above it, and those it sat in before, while it sat there. Encoding events (issue, import) are left out: a
// printed label is not yet an object in the supply chain. Each event's shape: epcis-event.ts;
// its eventID: the GS1 hash stored with it (event-hash.ts). Identifiers: epcis-identifiers.ts.
import { placeholders } from "../../db/sql-params";
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import { notFound } from "../refusal";
import { staysOf } from "../ledger/carried-events";
import { businessZone } from "../../time/business-zone";
import { epcisEventOf, type EpcisEvent } from "./epcis-event";
import { loadEventFacts, type StoredFacts } from "./event-facts";
import { EPCIS_CONTEXT, PRIVATE_NAMESPACE } from "./epcis-namespace";
const ENCODING_KINDS = ["issue", "import"];

export type EpcisScope = { readonly code: string } | { readonly batch_no: string } | { readonly work_order_id: number };

export interface EpcisDocument {
  readonly "@context": readonly unknown[];
  readonly type: "EPCISDocument";
  readonly schemaVersion: "2.0";
  readonly creationDate: string;
  readonly epcisBody: { readonly eventList: EpcisEvent[] };
}

/** The ids of the scope's events, oldest first. */
async function eventIds(ctx: ChainContext, scope: EpcisScope): Promise<number[]> {
  const notEncoding = `e.kind NOT IN (${placeholders(ENCODING_KINDS.length)})`;
  const ids = async (sql: string, params: unknown[]) =>
    (await ctx.store.all<{ id: number }>(sql, [...params, ...ENCODING_KINDS] as never[])).map((row) => row.id);
  if ("code" in scope) {
    // The code and the packages above it, as they stand now.
    const chain: string[] = [];
    for (let code: string | null = scope.code; code !== null && !chain.includes(code) && chain.length < 16;) {
      chain.push(code);
      code =
        (
          await ctx.store.get<{ parent_code: string | null }>(`SELECT parent_code FROM trace_codes WHERE code = ?`, [
            code,
          ])
        )?.parent_code ?? null;
    }
    // The packages it sat in before (a box taken out of its case at the dealer): their events while it sat there.
    const stays = (await staysOf(ctx, scope.code)).filter((stay) => !chain.includes(stay.code));
    const during = stays.map(() => `(c.code = ? AND e.id >= ? AND e.id < ?)`);
    return await ids(
      `SELECT DISTINCT e.id FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id
       WHERE (c.code IN (${placeholders(chain.length)})${during.map((one) => ` OR ${one}`).join("")}) AND ${notEncoding} ORDER BY e.id`,
      [...chain, ...stays.flatMap((stay) => [stay.code, stay.from, stay.to])],
    );
  }
  if ("batch_no" in scope)
    return await ids(
      `SELECT DISTINCT e.id FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id JOIN trace_codes t ON t.code = c.code
       WHERE (t.batch_no = ? OR e.lot = ?) AND ${notEncoding} ORDER BY e.id`,
      [scope.batch_no, scope.batch_no],
    );
  return await ids(
    `SELECT DISTINCT e.id FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id JOIN trace_codes t ON t.code = c.code
     WHERE (e.work_order_id = ? OR t.work_order_id = ?) AND ${notEncoding} ORDER BY e.id`,
    [scope.work_order_id, scope.work_order_id],
  );
}

/**
 * A stored event as an EPCIS event, its eventID the GS1 hash stored with it. An event recorded in
 * error carries its errorDeclaration (EPCIS 2.0 §7.4.1.4; GS1's hash leaves it out, so the event
 * keeps its eventID).
 */
export const storedEpcisEvent = (facts: StoredFacts): EpcisEvent => ({
  type: facts.row.event_type,
  eventID: facts.row.event_hash,
  ...epcisEventOf(facts),
  ...(facts.declaration
    ? {
        errorDeclaration: {
          declarationTime: facts.declaration.declared_at,
          reason: `https://ref.gs1.org/cbv/ER-${facts.declaration.reason}`,
        },
      }
    : {}),
});

/** An unknown code, batch or work order is a 404 naming it, not an empty document. */
async function refuseUnknown(ctx: ChainContext, scope: EpcisScope): Promise<void> {
  if ("code" in scope) {
    if (!(await ctx.store.get(`SELECT 1 FROM trace_codes WHERE code = ?`, [scope.code])))
      throw notFound(message("codes.epcisNoCode", { code: scope.code }, "code"));
  } else if ("batch_no" in scope) {
    if (!(await ctx.store.get(`SELECT 1 FROM trace_codes WHERE batch_no = ?`, [scope.batch_no])))
      throw notFound(message("codes.epcisNoBatch", { batch: scope.batch_no }, "batch_no"));
  } else if (!(await ctx.store.get(`SELECT 1 FROM production_orders WHERE id = ?`, [scope.work_order_id])))
    throw notFound(message("codes.epcisNoWorkOrder", { id: scope.work_order_id }, "work_order_id"));
}

/** The scope's events as an EPCISDocument (JSON-LD), oldest first. */
export async function epcisDocument(ctx: ChainContext, scope: EpcisScope): Promise<EpcisDocument> {
  await refuseUnknown(ctx, scope);
  const zone = await businessZone(ctx);
  const events = await loadEventFacts(ctx, await eventIds(ctx, scope), zone);
  return {
    "@context": [EPCIS_CONTEXT, PRIVATE_NAMESPACE],
    type: "EPCISDocument",
    schemaVersion: "2.0",
    creationDate: ctx.records.now(),
    epcisBody: { eventList: events.map(storedEpcisEvent) },
  };
}
