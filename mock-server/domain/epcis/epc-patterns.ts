// EPC pure identity patterns (GS1 Tag Data Standard §6.5: urn:epc:idpat:{scheme}:…, each field a
// value or "*", a "*" only after the fields it follows are "*" too) as the query's MATCH_epc,
// MATCH_anyEPC and MATCH_parentID take them (EPCIS 2.0 §8.2.7.1), and the pure identity URIs
// urn:epc:id:sgtin / urn:epc:id:sscc, read as the Digital Link URIs our documents name codes by.
// The two schemes our codes carry:
// - sscc:{companyPrefix}.{serialReference}: an SSCC's 18 digits are the serial reference's first
//   digit (the extension digit), the company prefix, the rest of the reference and a check digit,
//   so "company prefix, any serial" is ten prefix ranges of the ledger's code index, one per
//   extension digit, of codes 18 characters long;
// - sgtin:{companyPrefix}.{indicator+itemReference}.{serial}: an item's Digital Link names its
//   product's GTIN, so a pattern with the serial "*" selects the items of the products whose GTIN
//   it names (the trace_codes product index, then the code index).
// A Digital Link URI has no wildcard form (GS1 Digital Link and the binding define none), so only
// these URNs are patterns; a malformed one is a QueryValidationException, not a silent miss.
import { message } from "../../../schema/contract/messages";
import { gs1CheckDigit } from "../codes/code-rules/check-characters";
import { badParameterValue } from "./epcis-problem";
import { DIGITAL_LINK_BASE } from "./epcis-identifiers";

const PATTERN_HEAD = "urn:epc:idpat:";
const PURE_HEAD = "urn:epc:id:";
/** GS1 company prefixes run from 6 to 12 digits (Tag Data Standard §6.3). */
const COMPANY_PREFIX = /^\d{6,12}$/;

/** An SSCC pattern: codes whose 18 digits start with one of these prefixes. */
export interface SsccPattern {
  readonly scheme: "sscc";
  /** The company prefix, or "" for every SSCC. */
  readonly companyPrefix: string;
}

/** An SGTIN pattern with any serial: the items of the products whose GTIN-14 the pattern names. */
export interface SgtinPattern {
  readonly scheme: "sgtin";
  /** The company prefix ("" for every GTIN). */
  readonly companyPrefix: string;
  /** The whole GTIN-14 when the item reference is given, else undefined (any item of the prefix). */
  readonly gtin?: string;
}

export type EpcPattern = SsccPattern | SgtinPattern;

/** A query's EPC values: exact URIs, and patterns. */
export interface EpcSelection {
  readonly uris: readonly string[];
  readonly patterns: readonly EpcPattern[];
}

const refused = (uri: string) => badParameterValue(message("epcis.badEpcPattern", { value: uri }));

/** The fields of `uri` after its head, each a value or "*", a "*" only where the fields after it are "*". */
function fieldsOf(uri: string, head: string, count: number): string[] {
  const fields = uri.slice(head.length).split(".");
  if (fields.length !== count || fields.some((field) => field === "")) throw refused(uri);
  const first = fields.indexOf("*");
  if (first >= 0 && fields.slice(first).some((field) => field !== "*")) throw refused(uri);
  return fields;
}

function gtinOf(uri: string, companyPrefix: string, itemReference: string): string {
  if (!COMPANY_PREFIX.test(companyPrefix) || !/^\d+$/.test(itemReference)) throw refused(uri);
  if (companyPrefix.length + itemReference.length !== 13) throw refused(uri);
  const body = `${itemReference[0]}${companyPrefix}${itemReference.slice(1)}`;
  return `${body}${gs1CheckDigit(body)}`;
}

function ssccOf(uri: string, companyPrefix: string, serialReference: string): string {
  if (!COMPANY_PREFIX.test(companyPrefix) || !/^\d+$/.test(serialReference)) throw refused(uri);
  if (companyPrefix.length + serialReference.length !== 17) throw refused(uri);
  const body = `${serialReference[0]}${companyPrefix}${serialReference.slice(1)}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** An SGTIN serial in a URN is URI-escaped GS1 set 82; the Digital Link keeps it escaped the same way. */
const sgtinUri = (gtin: string, serial: string) => `${DIGITAL_LINK_BASE}/01/${gtin}/21/${serial}`;

function sgtinPattern(uri: string): EpcPattern | string {
  const [companyPrefix, itemReference, serial] = fieldsOf(uri, `${PATTERN_HEAD}sgtin:`, 3);
  if (companyPrefix === "*") return { scheme: "sgtin", companyPrefix: "" };
  if (itemReference === "*") {
    if (!COMPANY_PREFIX.test(companyPrefix)) throw refused(uri);
    return { scheme: "sgtin", companyPrefix };
  }
  const gtin = gtinOf(uri, companyPrefix, itemReference);
  // A pattern with every field given names one EPC, as its pure identity URI does.
  return serial === "*" ? { scheme: "sgtin", companyPrefix, gtin } : sgtinUri(gtin, serial);
}

function ssccPattern(uri: string): EpcPattern | string {
  const [companyPrefix, serialReference] = fieldsOf(uri, `${PATTERN_HEAD}sscc:`, 2);
  if (companyPrefix === "*") return { scheme: "sscc", companyPrefix: "" };
  if (serialReference === "*") {
    if (!COMPANY_PREFIX.test(companyPrefix)) throw refused(uri);
    return { scheme: "sscc", companyPrefix };
  }
  return `${DIGITAL_LINK_BASE}/00/${ssccOf(uri, companyPrefix, serialReference)}`;
}

/** The pure identity URI read as the Digital Link URI our documents give the same EPC. */
function pureIdentity(uri: string): string {
  const scheme = uri.slice(PURE_HEAD.length).split(":")[0];
  const head = `${PURE_HEAD}${scheme}:`;
  const fields = uri.slice(head.length).split(".");
  if (scheme === "sgtin" && fields.length === 3 && fields[2] !== "" && !fields.includes("*"))
    return sgtinUri(gtinOf(uri, fields[0], fields[1]), fields[2]);
  if (scheme === "sscc" && fields.length === 2 && !fields.includes("*"))
    return `${DIGITAL_LINK_BASE}/00/${ssccOf(uri, fields[0], fields[1])}`;
  // Another scheme (sgln, grai, …) names nothing our ledger holds: it matches no event.
  return uri;
}

/** Splits a parameter's values into exact URIs and patterns; a malformed pattern of our schemes is refused. */
export function epcSelectionOf(values: readonly string[]): EpcSelection {
  const uris: string[] = [];
  const patterns: EpcPattern[] = [];
  for (const value of values) {
    let read: EpcPattern | string = value;
    if (value.startsWith(`${PATTERN_HEAD}sgtin:`)) read = sgtinPattern(value);
    else if (value.startsWith(`${PATTERN_HEAD}sscc:`)) read = ssccPattern(value);
    else if (value.startsWith(`${PURE_HEAD}sgtin:`) || value.startsWith(`${PURE_HEAD}sscc:`))
      read = pureIdentity(value);
    if (typeof read === "string") uris.push(read);
    else patterns.push(read);
  }
  return { uris, patterns };
}

/** The half-open range [low, high) of text starting with `prefix` (binary order: its last character, plus one). */
export function prefixRange(prefix: string): { low: string; high: string } {
  const last = prefix.charCodeAt(prefix.length - 1);
  return { low: prefix, high: `${prefix.slice(0, -1)}${String.fromCharCode(last + 1)}` };
}

/** The code prefixes an SSCC pattern covers: each extension digit, then the company prefix. */
export const ssccPrefixes = (pattern: SsccPattern): string[] =>
  Array.from({ length: 10 }, (_, digit) => `${digit}${pattern.companyPrefix}`);
