// The EPCIS 2.0 export: the ledger's events of a scope as one EPCISDocument in
// JSON-LD. A projection of the ledger like the reports: each stored event becomes one EPCIS event
// with the meaning the vocabulary gave it (eventType, action, bizStep, disposition), so
// activation is a commissioning ObjectEvent ADD with ilmd lot/expiry and its prodorder,
// packing/unpacking are AggregationEvents (one per parent, so one per level), a void is a
// decommissioning ObjectEvent DELETE. Logistics: shipping with its bol and the
// dealer as destination owning party, void_shipping with the original bol, receiving (returned)
// with its rma and the dealer as source; a pallet's events name its SSCC only, and a code's scope
// reaches them through the packages above it, and those it sat in before, while it sat there. Encoding events (issue, import) are left out: a
// printed label is not yet an object in the supply chain. Identifiers: epcis-identifiers.ts.
import { message } from "../../../schema/contract/messages";
import type { AppContext } from "../../context";
import { notFound } from "../../refusals";
import { staysOf } from "../ledger/carried-events";
import { ERROR_DECLARATIONS } from "../ledger/error-declarations";
import type { StoredEvent } from "../ledger/ledger";
import { codeUri, privateUri } from "./epcis-identifiers";
import { offsetText, zoneOffsetMinutes } from "../../time/business-day";
import { businessZone } from "../../time/business-zone";

export const EPCIS_CONTEXT = "https://ref.gs1.org/standards/epcis/epcis-context.jsonld";
/** Our own terms (production date in ilmd, the ledger's kind of event) live under this namespace. */
export const PRIVATE_NAMESPACE = { tc: "https://trace-console.example/epcis/" };
const ENCODING_KINDS = ["issue", "import"];
const CHUNK = 500;

export type EpcisScope = { readonly code: string } | { readonly batch_no: string } | { readonly work_order_id: number };

type EpcisEvent = Record<string, unknown>;
export interface EpcisDocument {
  readonly "@context": readonly unknown[];
  readonly type: "EPCISDocument";
  readonly schemaVersion: "2.0";
  readonly creationDate: string;
  readonly epcisBody: { readonly eventList: EpcisEvent[] };
}

const marks = (count: number) => Array(count).fill("?").join(", ");

/** The ids of the scope's events, oldest first. */
async function eventIds(ctx: AppContext, scope: EpcisScope): Promise<number[]> {
  const notEncoding = `e.kind NOT IN (${marks(ENCODING_KINDS.length)})`;
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
       WHERE (c.code IN (${marks(chain.length)})${during.map((one) => ` OR ${one}`).join("")}) AND ${notEncoding} ORDER BY e.id`,
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

interface Loaded {
  readonly events: StoredEvent[];
  readonly codesOf: Map<number, string[]>;
  readonly transactionsOf: Map<number, { type: string; value: string }[]>;
  readonly partiesOf: Map<number, { direction: string; type: string; value: string }[]>;
  readonly uriOf: (code: string) => string;
  readonly lineOf: Map<number, string>;
  readonly declarations: Map<number, { declared_at: string; reason: string }>;
}

async function load(ctx: AppContext, ids: readonly number[]): Promise<Loaded> {
  const events: StoredEvent[] = [];
  const codesOf = new Map<number, string[]>();
  const transactionsOf = new Map<number, { type: string; value: string }[]>();
  const partiesOf = new Map<number, { direction: string; type: string; value: string }[]>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const part = ids.slice(start, start + CHUNK);
    events.push(
      ...(await ctx.store.all<StoredEvent>(
        `SELECT * FROM _ledger_events WHERE id IN (${marks(part.length)}) ORDER BY id`,
        part,
      )),
    );
    for (const row of await ctx.store.all<{ event_id: number; code: string }>(
      `SELECT event_id, code FROM _ledger_event_codes WHERE event_id IN (${marks(part.length)}) ORDER BY event_id, code`,
      part,
    ))
      codesOf.set(row.event_id, [...(codesOf.get(row.event_id) ?? []), row.code]);
    for (const row of await ctx.store.all<{ event_id: number; type: string; value: string }>(
      `SELECT event_id, type, value FROM _ledger_biz_transactions WHERE event_id IN (${marks(part.length)}) ORDER BY event_id, type, value`,
      part,
    ))
      transactionsOf.set(row.event_id, [
        ...(transactionsOf.get(row.event_id) ?? []),
        { type: row.type, value: row.value },
      ]);
    for (const row of await ctx.store.all<{ event_id: number; direction: string; type: string; value: string }>(
      `SELECT event_id, direction, type, value FROM _ledger_parties WHERE event_id IN (${marks(part.length)}) ORDER BY event_id, direction, type, value`,
      part,
    ))
      partiesOf.set(row.event_id, [
        ...(partiesOf.get(row.event_id) ?? []),
        { direction: row.direction, type: row.type, value: row.value },
      ]);
  }
  const declarations = new Map<number, { declared_at: string; reason: string }>();
  for (let start = 0; start < ids.length; start += CHUNK)
    for (const row of await ctx.store.all<{ event_id: number; declared_at: string; reason: string }>(
      `SELECT event_id, declared_at, reason FROM ${ERROR_DECLARATIONS} WHERE event_id IN (${marks(Math.min(CHUNK, ids.length - start))})`,
      ids.slice(start, start + CHUNK),
    ))
      declarations.set(row.event_id, row);
  const named = new Set<string>();
  for (const event of events) {
    for (const code of codesOf.get(event.id) ?? []) named.add(code);
    if (event.parent_code) named.add(event.parent_code);
  }
  const identities = new Map<string, string>();
  const list = [...named];
  for (let start = 0; start < list.length; start += CHUNK) {
    const part = list.slice(start, start + CHUNK);
    for (const row of await ctx.store.all<{ code: string; level: string | null; barcode: string | null }>(
      `SELECT t.code AS code, t.code_type AS level, p.barcode AS barcode FROM trace_codes t LEFT JOIN products p ON p.id = t.product_id
       WHERE t.code IN (${marks(part.length)})`,
      part,
    ))
      identities.set(row.code, codeUri(row));
  }
  const orders = [...new Set(events.map((event) => event.work_order_id).filter((id): id is number => id !== null))];
  const lineOf = new Map<number, string>();
  for (const row of orders.length
    ? await ctx.store.all<{ id: number; line_code: string | null }>(
        `SELECT o.id AS id, l.line_code AS line_code FROM production_orders o LEFT JOIN production_lines l ON l.id = o.line_id WHERE o.id IN (${marks(orders.length)})`,
        orders,
      )
    : [])
    if (row.line_code) lineOf.set(row.id, row.line_code);
  return {
    events,
    codesOf,
    transactionsOf,
    partiesOf,
    uriOf: (code) => identities.get(code) ?? privateUri("code", code),
    lineOf,
    declarations,
  };
}

/** ilmd of a commissioning: lot, expiry (CBV master data), production date (ours). */
function ilmdOf(event: StoredEvent): Record<string, string> | undefined {
  const ilmd: Record<string, string> = {};
  if (event.lot) ilmd["cbvmda:lotNumber"] = event.lot;
  if (event.expiry_date) ilmd["cbvmda:itemExpirationDate"] = event.expiry_date;
  if (event.production_date) ilmd["tc:productionDate"] = event.production_date;
  return Object.keys(ilmd).length ? ilmd : undefined;
}

function epcisEvent(event: StoredEvent, loaded: Loaded, zone: string): EpcisEvent {
  const codes = (loaded.codesOf.get(event.id) ?? []).map(loaded.uriOf);
  const transactions = (loaded.transactionsOf.get(event.id) ?? []).map((t) => ({
    type: t.type,
    bizTransaction: privateUri(t.type, t.value),
  }));
  const line = event.work_order_id !== null ? loaded.lineOf.get(event.work_order_id) : undefined;
  // A geo URI (an inspector's GPS position) is a readPoint of its own; other places are ours.
  const place = event.read_point?.startsWith("geo:")
    ? event.read_point
    : event.read_point
      ? privateUri("place", event.read_point)
      : undefined;
  const readPoint = place ?? (line ? privateUri("line", line) : undefined);
  const out: EpcisEvent = {
    type: event.event_type,
    eventID: privateUri("event", event.id),
    eventTime: event.event_time,
    recordTime: event.recorded_time,
    // The ledger keeps UTC; the offset is the enterprise's business zone at that moment (EPCIS
    // 2.0 §7.4.1: the local time zone in effect where the event took place).
    eventTimeZoneOffset: offsetText(zoneOffsetMinutes(Date.parse(event.event_time), zone)),
  };
  if (event.event_type === "AggregationEvent") {
    out.parentID = event.parent_code ? loaded.uriOf(event.parent_code) : undefined;
    out.childEPCs = codes;
  } else out.epcList = codes;
  out.action = event.action;
  out.bizStep = event.biz_step;
  if (event.disposition) out.disposition = event.disposition;
  if (readPoint) out.readPoint = { id: readPoint };
  if (event.biz_location) out.bizLocation = { id: privateUri("place", event.biz_location) };
  if (transactions.length) out.bizTransactionList = transactions;
  // CBV source/destination types: owning_party (a dealer, by its code), location (a warehouse).
  const parties = loaded.partiesOf.get(event.id) ?? [];
  const partyUri = (party: { type: string; value: string }) =>
    privateUri(party.type === "location" ? "place" : "party", party.value);
  const sources = parties
    .filter((party) => party.direction === "source")
    .map((party) => ({ type: party.type, source: partyUri(party) }));
  const destinations = parties
    .filter((party) => party.direction === "destination")
    .map((party) => ({ type: party.type, destination: partyUri(party) }));
  if (sources.length) out.sourceList = sources;
  if (destinations.length) out.destinationList = destinations;
  if (event.event_type === "ObjectEvent" && event.action === "ADD") {
    const ilmd = ilmdOf(event);
    if (ilmd) out.ilmd = ilmd;
  }
  // EPCIS 2.0 §7.4.1.4: an event recorded in error is re-declared with its errorDeclaration (CBV reason URI).
  const declared = loaded.declarations.get(event.id);
  if (declared)
    out.errorDeclaration = {
      declarationTime: declared.declared_at,
      reason: `https://ref.gs1.org/cbv/ER-${declared.reason}`,
    };
  out["tc:kind"] = event.kind;
  if (event.reason) out["tc:reason"] = event.reason;
  if (event.related_code) out["tc:relatedEPC"] = loaded.uriOf(event.related_code);
  if (out.parentID === undefined) delete out.parentID;
  return out;
}

/** An unknown code, batch or work order is a 404 naming it, not an empty document. */
async function refuseUnknown(ctx: AppContext, scope: EpcisScope): Promise<void> {
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
export async function epcisDocument(ctx: AppContext, scope: EpcisScope): Promise<EpcisDocument> {
  await refuseUnknown(ctx, scope);
  const loaded = await load(ctx, await eventIds(ctx, scope));
  const zone = await businessZone(ctx);
  return {
    "@context": [EPCIS_CONTEXT, PRIVATE_NAMESPACE],
    type: "EPCISDocument",
    schemaVersion: "2.0",
    creationDate: ctx.records.now(),
    epcisBody: { eventList: loaded.events.map((event) => epcisEvent(event, loaded, zone)) },
  };
}
