// A rule's segments as one line of text: the segments in order joined by "+", e.g.
// "fixed:TR + level + date:YYMMDD + random:13 + check". A rule stores its segments as rows
// (segment-rows.ts); this notation stays accepted wherever a rule is written or read, and each row
// is checked as its one-segment text here, so rows and notation are refused with the same messages.
// parse and format are exact inverses.
import { message, type Message } from "../../../../schema/contract/messages";
import type { DateFormat, Segment } from "./segments";

const DATE_FORMATS: readonly DateFormat[] = ["YYMMDD", "YYYYMMDD"];

export type ParsedSegments =
  | { readonly segments: Segment[]; readonly problems: readonly [] }
  | { readonly segments?: undefined; readonly problems: Message[] };

function parseOne(text: string, index: number): Segment | Message {
  const [kind = "", ...rest] = text.split(":");
  const argument = rest.join(":");
  const where = { index: index + 1, text };
  switch (kind.trim().toLowerCase()) {
    case "fixed":
      return argument ? { kind: "fixed", text: argument } : message("codes.rule.fixedNeedsText", where);
    case "level":
    case "check":
      return argument
        ? message("codes.rule.takesNoArgument", { ...where, kind })
        : { kind: kind.trim().toLowerCase() as "level" | "check" };
    case "random":
    case "sequence": {
      const length = Number(argument);
      return /^\d+$/.test(argument) && length > 0
        ? { kind: kind.trim().toLowerCase() as "random" | "sequence", length }
        : message("codes.rule.needsLength", { ...where, kind });
    }
    case "date":
      return DATE_FORMATS.includes(argument as DateFormat)
        ? { kind: "date", format: argument as DateFormat }
        : message("codes.rule.dateNeedsFormat", where);
    default:
      return message("codes.rule.unknownSegment", where);
  }
}

/** The segments of `notation`, or every problem with it (one sentence each, naming the segment). */
export function parseSegments(notation: string): ParsedSegments {
  const parts = notation.split("+").map((part) => part.trim());
  if (parts.length === 1 && parts[0] === "") return { problems: [message("codes.rule.noSegments")] };
  return parseSegmentTexts(parts);
}

/** The segments of `parts`, one segment's text each (e.g. "random:13"), or every problem with them. */
export function parseSegmentTexts(parts: readonly string[]): ParsedSegments {
  if (parts.length === 0) return { problems: [message("codes.rule.noSegments")] };
  const segments: Segment[] = [];
  const problems: Message[] = [];
  parts.forEach((part, index) => {
    const parsed = part ? parseOne(part, index) : message("codes.rule.segmentEmpty", { index: index + 1 });
    if ("key" in parsed) problems.push(parsed);
    else segments.push(parsed);
  });
  return problems.length ? { problems } : { segments, problems: [] };
}

export function formatSegments(segments: readonly Segment[]): string {
  return segments
    .map((segment) => {
      switch (segment.kind) {
        case "fixed":
          return `fixed:${segment.text}`;
        case "random":
        case "sequence":
          return `${segment.kind}:${segment.length}`;
        case "date":
          return `date:${segment.format}`;
        default:
          return segment.kind;
      }
    })
    .join(" + ");
}
