// A rule's segments as one line the manifest can hold (code_rules.segments): the segments in order
// joined by "+", e.g. "fixed:TR + level + date:YYMMDD + random:13 + check". The manifest has no
// array-of-objects field, so this notation is the rule's shape; parse and format are exact inverses.
import type { DateFormat, Segment } from "./segments";

const DATE_FORMATS: readonly DateFormat[] = ["YYMMDD", "YYYYMMDD"];

export type ParsedSegments = { readonly segments: Segment[]; readonly problems: readonly [] } | { readonly segments?: undefined; readonly problems: string[] };

function parseOne(text: string, index: number): Segment | string {
  const [kind = "", ...rest] = text.split(":");
  const argument = rest.join(":");
  const where = `segment ${index + 1} ("${text}")`;
  switch (kind.trim().toLowerCase()) {
    case "fixed":
      return argument ? { kind: "fixed", text: argument } : `${where}: fixed needs its text, e.g. fixed:TR`;
    case "level":
    case "check":
      return argument ? `${where}: ${kind} takes no argument` : { kind: kind.trim().toLowerCase() as "level" | "check" };
    case "random":
    case "sequence": {
      const length = Number(argument);
      return /^\d+$/.test(argument) && length > 0
        ? { kind: kind.trim().toLowerCase() as "random" | "sequence", length }
        : `${where}: ${kind} needs a positive whole length, e.g. ${kind}:6`;
    }
    case "date":
      return DATE_FORMATS.includes(argument as DateFormat)
        ? { kind: "date", format: argument as DateFormat }
        : `${where}: date needs a format, ${DATE_FORMATS.map((format) => `date:${format}`).join(" or ")}`;
    default:
      return `${where}: unknown segment; use fixed:TEXT, level, random:N, sequence:N, date:YYMMDD, date:YYYYMMDD or check`;
  }
}

/** The segments of `notation`, or every problem with it (one sentence each, naming the segment). */
export function parseSegments(notation: string): ParsedSegments {
  const parts = notation.split("+").map((part) => part.trim());
  if (parts.length === 1 && parts[0] === "") return { problems: ["no segments given"] };
  const segments: Segment[] = [];
  const problems: string[] = [];
  parts.forEach((part, index) => {
    const parsed = part ? parseOne(part, index) : `segment ${index + 1} is empty`;
    if (typeof parsed === "string") problems.push(parsed);
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
