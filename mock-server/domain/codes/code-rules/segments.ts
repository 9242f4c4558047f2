// A code rule as segments: fixed text, a level digit, random characters, a sequence,
// a date and a check character, in order. Pure: the caller passes the random source (a CSPRNG in
// the server), the sequence number, the date and the level, so tests can give and want exact codes.
import { message, messageIn, type Message } from "../../../../schema/contract/messages";
import { checkCharacterOf, type CheckScheme } from "./check-characters";

/** Crockford Base32: 0-9A-Z without I, L, O, U (no letters that read as digits or words). */
export const CROCKFORD_BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const DIGITS = "0123456789";
export const MIN_RANDOM_BITS = 60;

export type Charset = "numeric" | "alphanumeric";
export type Level = "item" | "box" | "case" | "pallet";
/** The level digit printed for each packaging level. */
export const LEVEL_DIGITS: Readonly<Record<Level, string>> = { item: "1", box: "2", case: "3", pallet: "4" };
export type DateFormat = "YYMMDD" | "YYYYMMDD";

export type Segment =
  | { readonly kind: "fixed"; readonly text: string }
  | { readonly kind: "level" }
  | { readonly kind: "random"; readonly length: number }
  | { readonly kind: "sequence"; readonly length: number }
  | { readonly kind: "date"; readonly format: DateFormat }
  | { readonly kind: "check" };

export interface SegmentRule {
  readonly charset: Charset;
  /** The declared total length; it must equal the sum of the segments. */
  readonly length: number;
  readonly segments: readonly Segment[];
}

export const alphabetOf = (charset: Charset): string => (charset === "numeric" ? DIGITS : CROCKFORD_BASE32);
export const checkSchemeOf = (charset: Charset): CheckScheme =>
  charset === "numeric" ? "gs1-mod10" : "iso7064-mod37-36";

export function segmentLength(segment: Segment): number {
  switch (segment.kind) {
    case "fixed":
      return segment.text.length;
    case "level":
    case "check":
      return 1;
    case "random":
    case "sequence":
      return segment.length;
    case "date":
      return segment.format.length;
  }
}

/** Random bits per code: the random segments' length × log2 of the alphabet. */
export const randomBits = (rule: SegmentRule): number =>
  rule.segments.reduce(
    (bits, segment) =>
      bits + (segment.kind === "random" ? segment.length * Math.log2(alphabetOf(rule.charset).length) : 0),
    0,
  );

/** Every reason the rule cannot make codes, one message each; [] when it can. */
export function ruleProblems(rule: SegmentRule): Message[] {
  const problems: Message[] = [];
  const sum = rule.segments.reduce((total, segment) => total + segmentLength(segment), 0);
  if (sum !== rule.length) problems.push(message("codes.rule.lengthMismatch", { length: rule.length, sum }));
  const bits = randomBits(rule);
  if (bits < MIN_RANDOM_BITS)
    problems.push(message("codes.rule.tooFewRandomBits", { bits: Math.floor(bits), min: MIN_RANDOM_BITS }));
  const checks = rule.segments.filter((segment) => segment.kind === "check").length;
  if (checks > 1) problems.push(message("codes.rule.tooManyChecks", { count: checks }));
  if (checks === 1 && rule.segments[rule.segments.length - 1].kind !== "check")
    problems.push(message("codes.rule.checkNotLast"));
  rule.segments.forEach((segment, index) => {
    if (segment.kind === "fixed" && rule.charset === "numeric" && !/^\d*$/.test(segment.text))
      problems.push(message("codes.rule.fixedNotDigits", { index: index + 1, text: segment.text }));
    if (segment.kind === "fixed" && rule.charset === "alphanumeric" && !/^[0-9A-Z]*$/.test(segment.text))
      problems.push(message("codes.rule.fixedNotAlphanumeric", { index: index + 1, text: segment.text }));
    if (
      (segment.kind === "random" || segment.kind === "sequence") &&
      !(Number.isInteger(segment.length) && segment.length > 0)
    )
      problems.push(message("codes.rule.segmentNeedsLength", { index: index + 1, kind: segment.kind }));
  });
  return problems;
}

export interface CodeInputs {
  readonly level: Level;
  /** The sequence number; it must fit the sequence segment. */
  readonly sequence: number;
  /** The date the date segment prints (YYYY-MM-DD). */
  readonly date: string;
  /** `count` characters drawn uniformly from `alphabet` (a CSPRNG in the server). */
  readonly random: (alphabet: string, count: number) => string;
}

function formatDate(date: string, format: DateFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`date segment: ${date} is not YYYY-MM-DD`);
  const [, year, month, day] = match as unknown as [string, string, string, string];
  return (format === "YYMMDD" ? year.slice(2) : year) + month + day;
}

/** One code by the rule. Throws when the rule has problems or a sequence number does not fit. */
export function composeCode(rule: SegmentRule, inputs: CodeInputs): string {
  const problems = ruleProblems(rule);
  if (problems.length) throw new Error(`code rule: ${problems.map((problem) => messageIn("en", problem)).join("; ")}`);
  let code = "";
  for (const segment of rule.segments) {
    switch (segment.kind) {
      case "fixed":
        code += segment.text;
        break;
      case "level":
        code += LEVEL_DIGITS[inputs.level];
        break;
      case "random":
        code += inputs.random(alphabetOf(rule.charset), segment.length);
        break;
      case "sequence": {
        const text = String(inputs.sequence);
        if (!Number.isInteger(inputs.sequence) || inputs.sequence < 0 || text.length > segment.length)
          throw new Error(`sequence ${inputs.sequence} does not fit ${segment.length} digits`);
        code += text.padStart(segment.length, "0");
        break;
      }
      case "date":
        code += formatDate(inputs.date, segment.format);
        break;
      case "check":
        code += checkCharacterOf(checkSchemeOf(rule.charset), code);
        break;
    }
  }
  return code;
}

/**
 * The consumer URL of a code by the rule's template: {origin} is the public origin (scheme, host,
 * port: `{origin}/m/q/{code}`), {host} its host and port (a template that names its own scheme), and
 * {code} the code. A template with a domain of its own (a brand's scan site) keeps that domain.
 */
export function consumerUrl(template: string, code: string, origin: string): string {
  return template
    .replaceAll("{origin}", origin)
    .replaceAll("{host}", new URL(origin).host)
    .replaceAll("{code}", encodeURIComponent(code));
}
