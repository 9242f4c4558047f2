// What a partner's event asks the ledger to record, read from the event as sent (GS1's schema has
// passed it): an ObjectEvent OBSERVE with bizStep receiving is the dealer's receiving of shipped
// goods, one with bizStep retail_selling a sale at its shop, an AggregationEvent DELETE with bizStep
// unpacking (its parentID; childEPCs, or all the parent holds) a package opened at the dealer.
// Anything else is refused with its reason: those changes go through the console's own rules.
// EPCs are read back to codes the way the query interface reads them (Digital Link, SSCC, our tag
// URIs); a bizTransaction bol in our scheme names a waybill. Pure but for the codes' lookup, which
// the job's lookups answer for the whole document at once (capture-lookups.ts).
import { message, type Message } from "../../../../schema/contract/messages";
import { nowIso } from "../../../time/api-time";
import { codeOfEpc, cbvWord, privateValue, readPointOf } from "../epcis-vocabulary-uris";
import type { CapturedEvent } from "./capture-document";
import type { CaptureLookups } from "./capture-lookups";

/** Codes one captured event may name: what one statement may lock (store.lockRows). */
export const MAX_EVENT_CODES = 5_000;

/** A captured event's refusal: its reason, as a message of the catalog. */
export class CaptureRefusal extends Error {
  constructor(readonly reason: Message) {
    super(reason.key);
    this.name = "CaptureRefusal";
  }
}

export type CapturedKind = "receive" | "retail_sell" | "unpack";

export interface CapturedIntent {
  readonly kind: CapturedKind;
  /** receive, retail_sell: the codes named; unpack: the children named (empty: all the parent holds). */
  readonly codes: readonly string[];
  /** unpack: the package opened. */
  readonly parent?: string;
  /** UTC, to the second, as the ledger keeps times. */
  readonly eventTime: string;
  /** Waybill numbers the event's bol bizTransactions of our scheme name. */
  readonly waybillNos: readonly string[];
  /** A geo URI or one of our places, as the ledger keeps a readPoint; other schemes are not kept. */
  readonly readPoint: string | null;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

function kindOf(event: CapturedEvent): CapturedKind {
  const type = typeof event.type === "string" ? event.type : "";
  const action = typeof event.action === "string" ? event.action : "";
  const bizStep = typeof event.bizStep === "string" ? cbvWord(event.bizStep, "bizStep") : "";
  if (type === "ObjectEvent" && action === "OBSERVE" && bizStep === "receiving") return "receive";
  if (type === "ObjectEvent" && action === "OBSERVE" && bizStep === "retail_selling") return "retail_sell";
  if (type === "AggregationEvent" && action === "DELETE" && bizStep === "unpacking") return "unpack";
  throw new CaptureRefusal(
    message("epcisCapture.notCapturable", { type, action: action || "-", bizStep: bizStep || "-" }),
  );
}

/** The code each EPC names, refusing the first EPC that names none of ours. */
async function codesOf(lookups: CaptureLookups, epcs: readonly string[]): Promise<string[]> {
  const candidates = epcs.map((epc) => ({ epc, code: codeOfEpc(epc) }));
  const known = await lookups.knownUris(candidates.flatMap((candidate) => candidate.code ?? []));
  return candidates.map(({ epc, code }) => {
    if (code === undefined || known.get(code) !== epc)
      throw new CaptureRefusal(message("epcisCapture.unknownEpc", { epc }));
    return code;
  });
}

function waybillNosOf(event: CapturedEvent): string[] {
  const list = Array.isArray(event.bizTransactionList) ? (event.bizTransactionList as unknown[]) : [];
  const numbers = new Set<string>();
  for (const entry of list) {
    if (typeof entry !== "object" || entry === null) continue;
    const { type, bizTransaction } = entry as { type?: unknown; bizTransaction?: unknown };
    const word =
      typeof type === "string" ? type.replace(/^(urn:epcglobal:cbv:btt:|https:\/\/ref\.gs1\.org\/cbv\/BTT-)/, "") : "";
    const value = typeof bizTransaction === "string" ? privateValue(bizTransaction, "bol") : undefined;
    if (word === "bol" && value !== undefined) numbers.add(value);
  }
  return [...numbers];
}

function readPointOfEvent(event: CapturedEvent): string | null {
  const id = (event.readPoint as { id?: unknown } | undefined)?.id;
  const ref = typeof id === "string" ? readPointOf(id) : undefined;
  return ref && "place" in ref ? ref.place : null;
}

export async function capturedIntent(lookups: CaptureLookups, event: CapturedEvent): Promise<CapturedIntent> {
  const kind = kindOf(event);
  if (Array.isArray(event.quantityList) || Array.isArray(event.childQuantityList))
    throw new CaptureRefusal(message("epcisCapture.quantities"));
  const named = strings(kind === "unpack" ? event.childEPCs : event.epcList);
  if (named.length > MAX_EVENT_CODES)
    throw new CaptureRefusal(message("epcisCapture.tooManyCodes", { max: MAX_EVENT_CODES, count: named.length }));
  const common = {
    eventTime: nowIso(Date.parse(String(event.eventTime))),
    waybillNos: waybillNosOf(event),
    readPoint: readPointOfEvent(event),
  };
  if (kind === "unpack") {
    if (typeof event.parentID !== "string") throw new CaptureRefusal(message("epcisCapture.noEpcs"));
    const [parent] = await codesOf(lookups, [event.parentID]);
    return { kind, codes: await codesOf(lookups, named), parent, ...common };
  }
  if (!named.length) throw new CaptureRefusal(message("epcisCapture.noEpcs"));
  return { kind, codes: [...new Set(await codesOf(lookups, named))], ...common };
}
