// One ledger event as an EPCIS 2.0 event (JSON-LD), the one shape the export, the query interface
// and the event's hash all read: each stored event becomes one EPCIS event with the meaning the
// vocabulary gave it (eventType, action, bizStep, disposition). Pure: the facts it needs (the
// codes' URIs, the work order's line, the business zone) are looked up by the caller.
import { privateUri } from "./epcis-identifiers";
import { offsetText, zoneOffsetMinutes } from "../../time/business-day";

export type EpcisEvent = Record<string, unknown>;

/** The ledger row's columns the EPCIS event is made of (no id: the hash is made before the row exists). */
export interface EventRow {
  /** The ledger's own kind (event-vocabulary.ts), emitted as tc:kind. */
  readonly kind: string;
  readonly event_type: string;
  readonly action: string;
  readonly biz_step: string;
  readonly disposition: string | null;
  readonly parent_code: string | null;
  readonly related_code: string | null;
  readonly reason: string | null;
  readonly work_order_id: number | null;
  readonly lot: string | null;
  readonly production_date: string | null;
  readonly expiry_date: string | null;
  readonly read_point: string | null;
  readonly biz_location: string | null;
  readonly event_time: string;
  readonly recorded_time: string;
  /** The nth event identical to an earlier one by GS1's hash (null: the first); see event-identity.ts. */
  readonly occurrence?: number | null;
}

export interface EventFacts {
  readonly row: EventRow;
  readonly codes: readonly string[];
  readonly transactions: readonly { readonly type: string; readonly value: string }[];
  readonly parties: readonly { readonly direction: string; readonly type: string; readonly value: string }[];
  /** The event's URI of a code (Digital Link, SSCC or private). */
  readonly uriOf: (code: string) => string;
  /** The line code of the event's work order, if it has one. */
  readonly line?: string;
  /** The business time zone (IANA) the event's eventTimeZoneOffset is given in. */
  readonly zone: string;
}

/** Code-unit order, the same on every engine (SQL's ORDER BY follows the database's collation). */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** ilmd of a commissioning: lot, expiry (CBV master data), production date (ours). */
function ilmdOf(row: EventRow): Record<string, string> | undefined {
  const ilmd: Record<string, string> = {};
  if (row.lot) ilmd["cbvmda:lotNumber"] = row.lot;
  if (row.expiry_date) ilmd["cbvmda:itemExpirationDate"] = row.expiry_date;
  if (row.production_date) ilmd["tc:productionDate"] = row.production_date;
  return Object.keys(ilmd).length ? ilmd : undefined;
}

/** The EPCIS event of `facts`, without its eventID (the caller adds the stored hash). */
export function epcisEventOf(facts: EventFacts): EpcisEvent {
  const { row, uriOf } = facts;
  const codes = [...facts.codes].sort(byText).map(uriOf);
  // Lists in one order however they were read (the hash is over the event as written).
  const transactions = [...facts.transactions]
    .sort((a, b) => byText(a.type, b.type) || byText(a.value, b.value))
    .map((t) => ({ type: t.type, bizTransaction: privateUri(t.type, t.value) }));
  const parties = [...facts.parties].sort(
    (a, b) => byText(a.direction, b.direction) || byText(a.type, b.type) || byText(a.value, b.value),
  );
  // A geo URI (an inspector's GPS position) is a readPoint of its own; other places are ours.
  const place = row.read_point?.startsWith("geo:")
    ? row.read_point
    : row.read_point
      ? privateUri("place", row.read_point)
      : undefined;
  const readPoint = place ?? (facts.line ? privateUri("line", facts.line) : undefined);
  const out: EpcisEvent = {
    type: row.event_type,
    eventTime: row.event_time,
    recordTime: row.recorded_time,
    // The ledger keeps UTC; the offset is the enterprise's business zone at that moment (EPCIS
    // 2.0 §7.4.1: the local time zone in effect where the event took place).
    eventTimeZoneOffset: offsetText(zoneOffsetMinutes(Date.parse(row.event_time), facts.zone)),
  };
  // An event naming no code leaves its list out (optional in EPCIS 2.0; epcis2.js's hash refuses an empty one).
  if (row.event_type === "AggregationEvent") {
    if (row.parent_code) out.parentID = uriOf(row.parent_code);
    if (codes.length) out.childEPCs = codes;
  } else if (codes.length) out.epcList = codes;
  out.action = row.action;
  out.bizStep = row.biz_step;
  if (row.disposition) out.disposition = row.disposition;
  if (readPoint) out.readPoint = { id: readPoint };
  if (row.biz_location) out.bizLocation = { id: privateUri("place", row.biz_location) };
  if (transactions.length) out.bizTransactionList = transactions;
  // CBV source/destination types: owning_party (a dealer, by its code), location (a warehouse).
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
  if (row.event_type === "ObjectEvent" && row.action === "ADD") {
    const ilmd = ilmdOf(row);
    if (ilmd) out.ilmd = ilmd;
  }
  out["tc:kind"] = row.kind;
  if (row.reason) out["tc:reason"] = row.reason;
  if (row.related_code) out["tc:relatedEPC"] = uriOf(row.related_code);
  // Two events GS1's hash cannot tell apart (the same thing recorded twice in one second)
  // stay two ledger rows: the second carries its occurrence, so its hash, and eventID, differ.
  if (row.occurrence && row.occurrence > 1) out["tc:occurrence"] = row.occurrence;
  return out;
}
