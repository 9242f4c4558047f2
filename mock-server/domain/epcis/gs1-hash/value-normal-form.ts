// A value as GS1's pre-hash string holds it (CBV 2.0 §8.9, in the reading of epcis2.js, GS1's
// reference generator, which the hash must equal): text trimmed; a timestamp in UTC with
// milliseconds; an EPC or Digital Link URI in canonical Digital Link form; a number written in
// digits with its leading and trailing zeros dropped. Numbers and booleans are written as JavaScript
// writes them. A value whose form this file does not settle answers UNSURE.
import { canonicalIdentifier, UNSURE } from "./epc-digital-link";

export { UNSURE };

/** The timestamps we normalise ourselves: ISO 8601 with seconds, any fraction, Z, an offset or no zone. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const HAS_ZONE = /(Z|[+-]\d{2}:\d{2})$/;
const DIGITS_AND_DOTS = /^[\d.]+$/;

/**
 * GS1 reads as a timestamp any text longer than 17 characters that is not a number and that a date
 * parser accepts. We write the ISO forms; a date in another form (an RFC 2822 date, say) is UNSURE.
 */
function timestampForm(text: string): string | typeof UNSURE | undefined {
  if (text.length <= 17 || !Number.isNaN(Number(text)) || Number.isNaN(Date.parse(text))) return undefined;
  if (!ISO_TIMESTAMP.test(text)) return UNSURE;
  return new Date(HAS_ZONE.test(text) ? text : `${text}Z`).toISOString();
}

/**
 * A number in digits: leading zeros go while more than two characters remain, trailing zeros after a
 * point while more than three remain, then a point left last.
 */
function numberForm(text: string): string {
  let start = 0;
  while (text[start] === "0" && text.length - start > 2) start++;
  let end = text.length;
  if (text.includes(".", start)) while (text[end - 1] === "0" && end - start > 3) end--;
  if (text[end - 1] === ".") end--;
  return text.slice(start, end);
}

/** `value`'s text in the pre-hash string, or UNSURE. */
export function normalValue(value: unknown): string | typeof UNSURE {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") return UNSURE;
  const text = value.trim();
  const timestamp = timestampForm(text);
  if (timestamp !== undefined) return timestamp;
  const identifier = text.includes(".") ? canonicalIdentifier(text) : text;
  if (identifier === UNSURE) return UNSURE;
  return DIGITS_AND_DOTS.test(identifier) ? numberForm(identifier) : identifier;
}
