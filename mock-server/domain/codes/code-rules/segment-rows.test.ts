// A rule's segments as rows: each row is read as the one-segment notation it stands for, so rows and
// notation give the same segments and the same refusals; stored values of either shape are read.
import { describe, expect, it } from "vitest";
import { messageIn, type MessageRef } from "../../../../schema/contract/messages";
import { parseSegments } from "./segment-notation";
import { parseSegmentRows, rowsOfSegments, rowText, segmentsOf } from "./segment-rows";

const english = (problems: readonly MessageRef[]) => problems.map((problem) => messageIn("en", problem));

describe("segment rows", () => {
  it("read as the segments their notation gives, and back", () => {
    const notation = "fixed:TR + level + date:YYMMDD + sequence:4 + random:13 + check";
    const rows = [
      { kind: "fixed", value: "TR" },
      { kind: "level" },
      { kind: "date", value: "YYMMDD" },
      { kind: "sequence", length: 4 },
      { kind: "random", length: 13, value: null },
      { kind: "check", length: null },
    ];
    expect(parseSegmentRows(rows)).toEqual(parseSegments(notation));
    expect(parseSegmentRows(rowsOfSegments(parseSegments(notation).segments!))).toEqual(parseSegments(notation));
  });

  it.each([
    [[], ""],
    [[{ kind: "random", length: 0 }], "random:0"],
    [[{ kind: "random" }], "random"],
    [[{ kind: "sequence", value: "x" }], "sequence:x"],
    [[{ kind: "fixed" }], "fixed"],
    [[{ kind: "fixed", value: "" }], "fixed"],
    [[{ kind: "date", value: "DDMMYY" }], "date:DDMMYY"],
    [[{ kind: "level" }, { kind: "check", length: 1 }], "level + check:1"],
    [[{ kind: "level", value: "A" }], "level:A"],
    [[{ kind: "serial", length: 4 }], "serial:4"],
    [[{ kind: "" }], "level + "],
  ])("rows %j are refused as %j is", (rows, notation) => {
    const fromRows = parseSegmentRows(rows);
    expect(fromRows.segments).toBeUndefined();
    const fromNotation = parseSegments(notation);
    // the empty row is the 1st here and the 2nd in the notation: the same sentence but its number
    expect(english(fromRows.problems).map((text) => text.replace(/\d/, "#"))).toEqual(
      english(fromNotation.problems).map((text) => text.replace(/\d/, "#")),
    );
  });

  it("a row's notation takes the argument its kind uses", () => {
    expect(rowText({ kind: "fixed", value: "69", length: 2 })).toBe("fixed:69");
    expect(rowText({ kind: "random", length: 13, value: "ignored" })).toBe("random:13");
    expect(rowText({ kind: "check" })).toBe("check");
  });

  it("stored values of every shape: rows, rows as JSON text, a notation", () => {
    const want = parseSegments("level + random:18 + check");
    expect(segmentsOf([{ kind: "level" }, { kind: "random", length: 18 }, { kind: "check" }])).toEqual(want);
    expect(segmentsOf('[{"kind":"level"},{"kind":"random","length":18},{"kind":"check"}]')).toEqual(want);
    expect(segmentsOf("level + random:18 + check")).toEqual(want);
    expect(english(segmentsOf(null).problems)).toEqual(["no segments given"]);
  });
});
