// The segments notation of code_rules.segments: every kind parses, every mistake is named with its
// position, and formatting a parsed rule gives the same segments back.
import { describe, expect, it } from "vitest";
import { messageIn, type MessageRef } from "../../../../schema/contract/messages";
import { formatSegments, parseSegments } from "./segment-notation";

const english = (problems: readonly MessageRef[]) => problems.map((problem) => messageIn("en", problem));

describe("parseSegments", () => {
  it("reads every kind in order", () => {
    expect(parseSegments("fixed:TR + level + date:YYMMDD + sequence:4 + random:13 + check").segments).toEqual([
      { kind: "fixed", text: "TR" },
      { kind: "level" },
      { kind: "date", format: "YYMMDD" },
      { kind: "sequence", length: 4 },
      { kind: "random", length: 13 },
      { kind: "check" },
    ]);
  });

  it.each([
    ["", "no segments given"],
    ["level + ", "segment 2 is empty"],
    ["random:x", 'segment 1 ("random:x"): random needs a positive whole length, e.g. random:6'],
    ["level + random:0", 'segment 2 ("random:0"): random needs a positive whole length, e.g. random:6'],
    ["date:DDMMYY", 'segment 1 ("date:DDMMYY"): date needs a format, date:YYMMDD or date:YYYYMMDD'],
    ["fixed:", 'segment 1 ("fixed:"): fixed needs its text, e.g. fixed:TR'],
    ["check:1", 'segment 1 ("check:1"): check takes no argument'],
    [
      "serial:4",
      'segment 1 ("serial:4"): unknown segment; use fixed:TEXT, level, random:N, sequence:N, date:YYMMDD, date:YYYYMMDD or check',
    ],
  ])("%j is refused: %s", (notation, problem) => {
    const parsed = parseSegments(notation);
    expect(parsed.segments).toBeUndefined();
    expect(english(parsed.problems)).toContain(problem);
  });

  it("format is the inverse of parse", () => {
    const notation = "fixed:69 + sequence:6 + random:19 + date:YYYYMMDD + level + check";
    expect(formatSegments(parseSegments(notation).segments!)).toBe(notation);
  });
});
