// A rule's segments as stored and edited: one row per segment (code_rules.segments, an
// array-of-objects field) — its kind, a length (random, sequence) and a value (fixed text, a date
// format). A row is checked as the one-segment notation it stands for ("random:13", "fixed:TR"),
// so a row is refused with the very message its notation would get. A rule written before rows,
// or imported as notation ("level + random:18 + check"), is read the same way.
import { message } from "../../../../schema/contract/messages";
import { parseSegments, parseSegmentTexts, type ParsedSegments } from "./segment-notation";
import type { Segment } from "./segments";

export interface SegmentRow {
  readonly kind: string;
  readonly length?: number | null;
  readonly value?: string | null;
}

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== "";

/** The notation of one row: its kind, and the argument the kind takes from the column that holds it. */
export function rowText(row: SegmentRow): string {
  const kind = String(row.kind ?? "").trim();
  const { length, value } = row;
  // fixed and date take a value (text, format); any other kind a length, or the value given instead,
  // so that a level or check row with either is named in the refusal
  const argument = ["fixed", "date"].includes(kind.toLowerCase()) ? value : present(length) ? length : value;
  return present(argument) ? `${kind}:${String(argument)}` : kind;
}

const isRow = (value: unknown): value is SegmentRow =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The segments of `rows`, or every problem with them, worded as for their notation. */
export function parseSegmentRows(rows: readonly unknown[]): ParsedSegments {
  return parseSegmentTexts(rows.map((row) => (isRow(row) ? rowText(row) : "")));
}

/** The rows of parsed segments (the inverse of parseSegmentRows). */
export function rowsOfSegments(segments: readonly Segment[]): SegmentRow[] {
  return segments.map((segment): SegmentRow => {
    switch (segment.kind) {
      case "fixed":
        return { kind: "fixed", value: segment.text };
      case "random":
      case "sequence":
        return { kind: segment.kind, length: segment.length };
      case "date":
        return { kind: "date", value: segment.format };
      default:
        return { kind: segment.kind };
    }
  });
}

/**
 * JSON text of rows or of a notation (PostgreSQL's JSONB column keeps a notation as a JSON string),
 * else the text itself (a notation).
 */
function decoded(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== "[" && first !== '"') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The segments of a stored or sent value in any shape it comes in: rows, rows as JSON text (a
 * column read by SQL), or a notation.
 */
export function segmentsOf(value: unknown): ParsedSegments {
  const read = typeof value === "string" ? decoded(value) : value;
  if (Array.isArray(read)) return parseSegmentRows(read);
  if (typeof read === "string") return parseSegments(read);
  return { problems: [message("codes.rule.noSegments")] };
}
