// Given/want from published examples: GS1's SSCC check digit example, two GTINs on the market, and
// the GRid example (ISO 7064 MOD 37,36).
import { describe, expect, it } from "vitest";
import { gs1CheckDigit, hasValidCheck, iso7064Mod3736 } from "./check-characters";

describe("GS1 mod-10", () => {
  it.each([
    // GS1 General Specifications, check digit calculation example (SSCC).
    ["37610425002123456", "9"],
    // GTIN-13 4006381333931 (a product on the market), GTIN-12 036000291452 (GS1 US example).
    ["400638133393", "1"],
    ["03600029145", "2"],
  ])("%s → %s", (body, want) => {
    expect(gs1CheckDigit(body)).toBe(want);
    expect(hasValidCheck("gs1-mod10", body + want)).toBe(true);
  });

  it("catches a single wrong digit and a swap of neighbours", () => {
    expect(hasValidCheck("gs1-mod10", "376104250021234568")).toBe(false);
    expect(hasValidCheck("gs1-mod10", "376104250012234569")).toBe(false);
  });

  it("refuses non-digits", () => {
    expect(() => gs1CheckDigit("12A4")).toThrow(/not all digits/);
  });
});

describe("ISO/IEC 7064 MOD 37,36", () => {
  it.each([
    // GRid (Global Release Identifier, IFPI) example A1-2425G-ABC1234002-M.
    ["A12425GABC1234002", "M"],
    // The same in lower case: the check is case-insensitive.
    ["a12425gabc1234002", "M"],
  ])("%s → %s", (body, want) => {
    expect(iso7064Mod3736(body)).toBe(want);
  });

  it("catches every single-character error and every swap of neighbours of one code", () => {
    const code = "A12425GABC1234002M";
    expect(hasValidCheck("iso7064-mod37-36", code)).toBe(true);
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (let index = 0; index < code.length; index += 1) {
      for (const char of alphabet) {
        if (char === code[index]) continue;
        expect(
          hasValidCheck("iso7064-mod37-36", code.slice(0, index) + char + code.slice(index + 1)),
          `${index}:${char}`,
        ).toBe(false);
      }
      if (index + 1 < code.length && code[index] !== code[index + 1]) {
        const swapped = code.slice(0, index) + code[index + 1] + code[index] + code.slice(index + 2);
        expect(hasValidCheck("iso7064-mod37-36", swapped), `swap ${index}`).toBe(false);
      }
    }
  });
});
