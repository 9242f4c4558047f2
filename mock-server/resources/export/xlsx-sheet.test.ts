import { describe, expect, it } from "vitest";
import { columnLetters, rowXml, xmlText } from "./xlsx-sheet";

describe("a worksheet's XML as text", () => {
  it.each([
    [0, "A"],
    [25, "Z"],
    [26, "AA"],
    [51, "AZ"],
    [52, "BA"],
    [701, "ZZ"],
    [702, "AAA"],
    [16383, "XFD"],
  ])("column %i is %s", (index, letters) => {
    expect(columnLetters(index)).toBe(letters);
  });

  it.each([
    ["plain 茶 ☕", "plain 茶 ☕"],
    ["a & b < c > d", "a &amp; b &lt; c &gt; d"],
    ["\"quoted\" 'single'", "\"quoted\" 'single'"],
    ["bell\u0007 nul\u0000 tab\t line\n", "bell nul tab\t line\n"],
    ["\uFFFEx\uFFFF", "x"],
  ])("escapes %j as character data", (text, xml) => {
    expect(xmlText(text)).toBe(xml);
  });

  it("types numbers as numbers, text as inline strings, and leaves empty cells out", () => {
    expect(rowXml([7, "Tea & Co", null, 2.5, " padded "], 12, ["A", "B", "C", "D", "E"])).toBe(
      '<row r="12"><c r="A12"><v>7</v></c><c r="B12" t="inlineStr"><is><t>Tea &amp; Co</t></is></c>' +
        '<c r="D12"><v>2.5</v></c><c r="E12" t="inlineStr"><is><t xml:space="preserve"> padded </t></is></c></row>',
    );
  });

  it("writes a number no spreadsheet can hold as text, and names columns past the given letters", () => {
    expect(rowXml([Number.NaN], 3, [])).toBe('<row r="3"><c r="A3" t="inlineStr"><is><t>NaN</t></is></c></row>');
  });
});
