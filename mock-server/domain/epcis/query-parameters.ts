// The parameters of an EPCIS 2.0 event query (REST binding, SimpleEventQuery's names), read from
// a query string and checked: an unknown or repeated name is a QueryParameterException; a value
// that does not parse or is out of range (a time without its offset, a perPage over the page
// limit, a page token this server did not give for this query, an EPC pattern of no scheme it
// reads) or a time window that ends before it starts is a QueryValidationException, naming the
// parameter. A parameter that takes a list takes it repeated or "|"-separated (URIs of ours hold
// commas). Pure.
import { createHash } from "node:crypto";
import { message } from "../../../schema/contract/messages";
import { badParameter, badParameterValue } from "./epcis-problem";
import { epcSelectionOf } from "./epc-patterns";
import { nowIso } from "../../time/api-time";

export const EVENT_TYPES = [
  "ObjectEvent",
  "AggregationEvent",
  "TransactionEvent",
  "TransformationEvent",
  "AssociationEvent",
] as const;
export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 500;
/** EQ_bizTransaction_{type}: a family of parameters, one per business transaction type. */
export const BIZ_TRANSACTION = "EQ_bizTransaction_";

export type OrderBy = "eventTime" | "recordTime";
export type Direction = "ASC" | "DESC";

export interface TimeRange {
  readonly ge?: string;
  readonly lt?: string;
}

/** What a page of events must satisfy; absent lists do not filter. */
export interface EventFilter {
  readonly eventTypes?: readonly string[];
  readonly eventTime: TimeRange;
  readonly recordTime: TimeRange;
  readonly bizSteps?: readonly string[];
  readonly dispositions?: readonly string[];
  readonly readPoints?: readonly string[];
  readonly bizLocations?: readonly string[];
  readonly epcs?: readonly string[];
  readonly anyEpcs?: readonly string[];
  readonly parents?: readonly string[];
  /** EQ_bizTransaction_{type}: per type, the bizTransaction URIs any one of which matches. */
  readonly bizTransactions: readonly { readonly type: string; readonly values: readonly string[] }[];
}

/** Where the previous page stopped: the last event's ordering time and ledger id. */
export interface PageMark {
  readonly time: string;
  readonly id: number;
}

export interface EventQuery {
  readonly filter: EventFilter;
  readonly perPage: number;
  readonly orderBy: OrderBy;
  readonly direction: Direction;
  readonly after?: PageMark;
  /** Identifies the filter and order, so a page token is refused on another query. */
  readonly fingerprint: string;
}

const LIST_PARAMETERS = {
  eventType: "eventTypes",
  EQ_bizStep: "bizSteps",
  EQ_disposition: "dispositions",
  EQ_readPoint: "readPoints",
  EQ_bizLocation: "bizLocations",
  MATCH_epc: "epcs",
  MATCH_anyEPC: "anyEpcs",
  MATCH_parentID: "parents",
} as const;
const TIME_PARAMETERS = ["GE_eventTime", "LT_eventTime", "GE_recordTime", "LT_recordTime"] as const;
const SCALAR_PARAMETERS = ["perPage", "nextPageToken", "orderBy", "orderDirection"] as const;
/** RFC 3339 with its offset (EPCIS times are xsd:dateTimeStamp). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

export type RawQuery = Readonly<Record<string, unknown>>;

const valuesOf = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : [raw])
    .filter((value): value is string => typeof value === "string")
    .flatMap((value) => value.split("|"))
    .filter((value) => value !== "");

function scalar(query: RawQuery, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) throw badParameter(message("epcis.repeatedParameter", { name }));
  return typeof raw === "string" ? raw : JSON.stringify(raw);
}

/**
 * An RFC 3339 time as the ledger writes times (UTC, whole seconds: time/api-time.ts nowIso), so text order
 * is time order. A fraction rounds up: a stored second s is >= t, and < t, exactly when it is
 * >= and < t's next whole second.
 */
function timeOf(name: string, value: string): string {
  const ms = Date.parse(value);
  if (!DATE_TIME.test(value) || Number.isNaN(ms)) throw badParameterValue(message("epcis.badTime", { name, value }));
  return nowIso(Math.ceil(ms / 1000) * 1000);
}

/** Refuses a window whose start (GE_, inclusive) is after its end (LT_, exclusive); both parse. */
function refuseReversed(query: RawQuery, ge: (typeof TIME_PARAMETERS)[number], lt: (typeof TIME_PARAMETERS)[number]) {
  const from = scalar(query, ge);
  const to = scalar(query, lt);
  if (from !== undefined && to !== undefined && Date.parse(from) > Date.parse(to))
    throw badParameterValue(message("epcis.reversedWindow", { ge, from, lt, to }));
}

/** Refuses names this interface does not know; `extra`: names a route takes besides the query's. */
export function refuseUnknown(query: RawQuery, known: readonly string[]): void {
  for (const name of Object.keys(query))
    if (!known.includes(name) && !(name.startsWith(BIZ_TRANSACTION) && name.length > BIZ_TRANSACTION.length))
      throw badParameter(message("epcis.unknownParameter", { name }));
}

export const EVENT_QUERY_PARAMETERS: readonly string[] = [
  ...Object.keys(LIST_PARAMETERS),
  ...TIME_PARAMETERS,
  ...SCALAR_PARAMETERS,
];

function filterOf(query: RawQuery): EventFilter {
  const lists: Record<string, string[]> = {};
  for (const [name, key] of Object.entries(LIST_PARAMETERS))
    if (query[name] !== undefined) lists[key] = valuesOf(query[name]);
  // A malformed EPC pattern is refused here, so a named query never stores one.
  for (const key of ["epcs", "anyEpcs", "parents"]) if (lists[key]) epcSelectionOf(lists[key]);
  for (const type of lists.eventTypes ?? [])
    if (!(EVENT_TYPES as readonly string[]).includes(type))
      throw badParameterValue(message("epcis.badEventType", { value: type }));
  const time = (name: (typeof TIME_PARAMETERS)[number]) => {
    const value = scalar(query, name);
    return value === undefined ? undefined : timeOf(name, value);
  };
  const range = (ge: string | undefined, lt: string | undefined): TimeRange => ({
    ...(ge !== undefined ? { ge } : {}),
    ...(lt !== undefined ? { lt } : {}),
  });
  const eventTime = range(time("GE_eventTime"), time("LT_eventTime"));
  const recordTime = range(time("GE_recordTime"), time("LT_recordTime"));
  refuseReversed(query, "GE_eventTime", "LT_eventTime");
  refuseReversed(query, "GE_recordTime", "LT_recordTime");
  const bizTransactions = Object.keys(query)
    .filter((name) => name.startsWith(BIZ_TRANSACTION))
    .sort()
    .map((name) => ({ type: name.slice(BIZ_TRANSACTION.length), values: valuesOf(query[name]) }));
  return {
    ...lists,
    eventTime,
    recordTime,
    bizTransactions,
  };
}

function perPageOf(query: RawQuery): number {
  const value = scalar(query, "perPage");
  if (value === undefined) return DEFAULT_PER_PAGE;
  const count = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(count >= 1 && count <= MAX_PER_PAGE))
    throw badParameterValue(message("epcis.badPerPage", { value, max: MAX_PER_PAGE }));
  return count;
}

/**
 * Ordering: orderBy eventTime or recordTime; orderDirection defaults to DESC when orderBy is given
 * (EPCIS 2.0 §8.2.7.1) and to ASC, oldest first, when neither is.
 */
function orderOf(query: RawQuery): { orderBy: OrderBy; direction: Direction } {
  const orderBy = scalar(query, "orderBy");
  if (orderBy !== undefined && orderBy !== "eventTime" && orderBy !== "recordTime")
    throw badParameterValue(message("epcis.badOrderBy", { value: orderBy }));
  const direction = scalar(query, "orderDirection");
  if (direction !== undefined && direction !== "ASC" && direction !== "DESC")
    throw badParameterValue(message("epcis.badOrderDirection", { value: direction }));
  return { orderBy: orderBy ?? "eventTime", direction: direction ?? (orderBy ? "DESC" : "ASC") };
}

const fingerprintOf = (parts: unknown): string =>
  createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 16);

/** The opaque token of the page after `mark` (base64url JSON: time, id, the query's fingerprint). */
export const pageToken = (mark: PageMark, fingerprint: string): string =>
  Buffer.from(JSON.stringify([mark.time, mark.id, fingerprint])).toString("base64url");

function markOf(token: string, fingerprint: string): PageMark {
  const refused = badParameterValue(message("epcis.badPageToken"));
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw refused;
  }
  if (
    !Array.isArray(parts) ||
    parts.length !== 3 ||
    typeof parts[0] !== "string" ||
    !Number.isSafeInteger(parts[1]) ||
    parts[2] !== fingerprint
  )
    throw refused;
  return { time: parts[0], id: parts[1] as number };
}

/** The event query `query` asks for; `fixed`: a route's own filter (an EPC's events), part of the fingerprint. */
export function parseEventQuery(query: RawQuery, fixed: Partial<EventFilter> = {}): EventQuery {
  refuseUnknown(query, EVENT_QUERY_PARAMETERS);
  const filter = { ...filterOf(query), ...fixed };
  const { orderBy, direction } = orderOf(query);
  const fingerprint = fingerprintOf([filter, orderBy, direction]);
  const token = scalar(query, "nextPageToken");
  return {
    filter,
    perPage: perPageOf(query),
    orderBy,
    direction,
    fingerprint,
    ...(token !== undefined ? { after: markOf(token, fingerprint) } : {}),
  };
}
