// A subscription request's body (EPCIS 2.0 REST binding, POST /queries/{name}/subscriptions),
// checked: dest is an http(s) URL, signatureToken the shared secret the deliveries are signed with,
// stream must be true (each new event pushed; scheduled subscriptions are not kept), reportIfEmpty
// optional (a stream then also reports new ledger events of which none matched, as an empty list).
// A body that is not one is a ValidationException; its subscription controls (stream, reportIfEmpty,
// and GS1's schedule and initialRecordTime, which this server does not keep) a
// SubscriptionControlsException, as GS1's binding names a subscription's 400s. Any other field is
// refused, so a partner's typo is not silently ignored. Pure.
import { message } from "../../../../schema/contract/messages";
import { badControls, invalidDocument } from "../epcis-problem";

export const SIGNATURE_TOKEN_LENGTH = { min: 16, max: 256 } as const;
const FIELDS = ["dest", "signatureToken", "stream", "reportIfEmpty"];
/** GS1's subscription controls this server does not keep (a subscription streams from the ledger's end). */
const CONTROLS_NOT_KEPT = ["schedule", "initialRecordTime"];
const MAX_DEST = 2048;

export interface SubscriptionRequest {
  readonly dest: string;
  readonly signatureToken: string;
  readonly reportIfEmpty: boolean;
}

function destOf(value: unknown): string {
  const text = typeof value === "string" ? value : String(value);
  let url: URL | undefined;
  try {
    url = typeof value === "string" && value.length <= MAX_DEST ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password)
    throw invalidDocument(message("epcisSubscription.badDest", { value: text.slice(0, 200) }));
  return url.href;
}

export function subscriptionRequestOf(body: unknown): SubscriptionRequest {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw invalidDocument(message("epcisSubscription.badBody"));
  const fields = body as Record<string, unknown>;
  const notKept = Object.keys(fields).find((name) => CONTROLS_NOT_KEPT.includes(name));
  if (notKept !== undefined) throw badControls(message("epcisSubscription.controlNotKept", { name: notKept }));
  const unknown = Object.keys(fields).find((name) => !FIELDS.includes(name));
  if (unknown !== undefined) throw invalidDocument(message("epcisSubscription.unknownField", { name: unknown }));
  if (fields.dest === undefined || fields.signatureToken === undefined)
    throw invalidDocument(message("epcisSubscription.badBody"));
  const token = fields.signatureToken;
  if (
    typeof token !== "string" ||
    token.length < SIGNATURE_TOKEN_LENGTH.min ||
    token.length > SIGNATURE_TOKEN_LENGTH.max
  )
    throw invalidDocument(message("epcisSubscription.badSignatureToken", SIGNATURE_TOKEN_LENGTH));
  if (fields.stream !== true) throw badControls(message("epcisSubscription.streamOnly"));
  const report = fields.reportIfEmpty ?? false;
  if (typeof report !== "boolean") throw badControls(message("epcisSubscription.badReportIfEmpty"));
  return { dest: destOf(fields.dest), signatureToken: token, reportIfEmpty: report };
}
