// Code rules as segments and the SSCC rule: given the inputs, want the exact code; every broken
// rule is refused naming what is wrong.
import { describe, expect, it } from "vitest";
import { messageIn, type MessageRef } from "../../../../schema/contract/messages";
import { hasValidCheck } from "./check-characters";
import { composeCode, consumerUrl, CROCKFORD_BASE32, randomBits, ruleProblems, type SegmentRule } from "./segments";
import { sscc, ssccCapacity, ssccRuleProblems } from "./sscc";

const english = (problems: readonly MessageRef[]) => problems.map((problem) => messageIn("en", problem));
const fixedRandom = (alphabet: string, count: number) => alphabet[alphabet.length - 1].repeat(count);
const inputs = { level: "box" as const, sequence: 42, date: "2024-06-01", random: fixedRandom };

describe("composeCode", () => {
  it("alphanumeric: fixed, level, date, random (Crockford Base32), ISO 7064 MOD 37,36 check", () => {
    const rule: SegmentRule = {
      charset: "alphanumeric",
      length: 22,
      segments: [
        { kind: "fixed", text: "XY" },
        { kind: "level" },
        { kind: "date", format: "YYMMDD" },
        { kind: "random", length: 12 },
        { kind: "check" },
      ],
    };
    const code = composeCode(rule, inputs);
    expect(code.slice(0, -1)).toBe("XY2240601ZZZZZZZZZZZZ");
    expect(code).toHaveLength(22);
    expect(hasValidCheck("iso7064-mod37-36", code)).toBe(true);
  });

  it("numeric: sequence zero-padded, random digits, GS1 mod-10 check", () => {
    const rule: SegmentRule = {
      charset: "numeric",
      length: 28,
      segments: [
        { kind: "fixed", text: "69" },
        { kind: "sequence", length: 6 },
        { kind: "random", length: 19 },
        { kind: "check" },
      ],
    };
    const code = composeCode(rule, inputs);
    expect(code.slice(0, 27)).toBe("69000042" + "9".repeat(19));
    expect(code).toHaveLength(28);
    expect(hasValidCheck("gs1-mod10", code)).toBe(true);
  });

  it("a sequence number too big for its segment is refused", () => {
    const rule: SegmentRule = {
      charset: "numeric",
      length: 21,
      segments: [
        { kind: "sequence", length: 2 },
        { kind: "random", length: 19 },
      ],
    };
    expect(() => composeCode(rule, { ...inputs, sequence: 100 })).toThrow("sequence 100 does not fit 2 digits");
  });
});

describe("ruleProblems", () => {
  it("names both numbers when the declared length is not the sum of the segments", () => {
    const rule: SegmentRule = {
      charset: "alphanumeric",
      length: 20,
      segments: [{ kind: "random", length: 12 }, { kind: "check" }],
    };
    expect(english(ruleProblems(rule))).toEqual(["the declared length is 20 but the segments add up to 13"]);
  });

  it("at least 60 random bits: 12 Crockford characters (60 bits) pass, 11 (55) do not; numeric needs 19 digits", () => {
    expect(randomBits({ charset: "alphanumeric", length: 12, segments: [{ kind: "random", length: 12 }] })).toBe(60);
    expect(
      english(ruleProblems({ charset: "alphanumeric", length: 11, segments: [{ kind: "random", length: 11 }] })),
    ).toEqual(["the random segments give 55 bits per code; at least 60 are needed so codes cannot be guessed"]);
    expect(
      english(ruleProblems({ charset: "numeric", length: 18, segments: [{ kind: "random", length: 18 }] }))[0],
    ).toMatch(/give 59 bits/);
    expect(
      english(ruleProblems({ charset: "numeric", length: 19, segments: [{ kind: "random", length: 19 }] })),
    ).toEqual([]);
  });

  it("the check character is last and single; fixed text fits the character set", () => {
    const random = { kind: "random", length: 19 } as const;
    expect(
      english(
        ruleProblems({ charset: "numeric", length: 21, segments: [{ kind: "check" }, random, { kind: "check" }] }),
      ),
    ).toEqual(["a rule has at most one check character (2 given)"]);
    expect(english(ruleProblems({ charset: "numeric", length: 20, segments: [{ kind: "check" }, random] }))).toEqual([
      "the check character must be the last segment",
    ]);
    expect(
      english(ruleProblems({ charset: "numeric", length: 21, segments: [{ kind: "fixed", text: "AB" }, random] })),
    ).toEqual(['segment 1: fixed text "AB" is not digits, and the rule is numeric']);
  });

  it("Crockford Base32 has no I, L, O or U", () => {
    expect(CROCKFORD_BASE32).toHaveLength(32);
    expect(CROCKFORD_BASE32).not.toMatch(/[ILOU]/);
  });
});

describe("SSCC", () => {
  const rule = { extensionDigit: "3", companyPrefix: "7610425" };

  it("extension digit + company prefix + serial reference + GS1 check digit: exactly 18 digits", () => {
    // GS1's SSCC example: 3 7610425 002123456 9.
    expect(sscc(rule, 2123456)).toBe("376104250021234569");
    expect(sscc(rule, 0)).toMatch(/^37610425000000000\d$/);
    expect(sscc(rule, 0)).toHaveLength(18);
  });

  it("refuses a serial beyond the prefix's range and a malformed rule", () => {
    expect(ssccCapacity(rule)).toBe(1_000_000_000);
    expect(() => sscc(rule, 1_000_000_000)).toThrow(
      "SSCC serial reference 1000000000 does not fit 9 digits after prefix 7610425",
    );
    expect(english(ssccRuleProblems({ extensionDigit: "12", companyPrefix: "761" }))).toEqual([
      'the extension digit must be one digit ("12" given)',
      'the GS1 company prefix must be 6 to 12 digits ("761" given)',
    ]);
  });
});

describe("consumerUrl", () => {
  it.each([
    ["{origin}/m/q/{code}", "http://192.168.1.20:3000", "XY22406", "http://192.168.1.20:3000/m/q/XY22406"],
    ["{origin}/m/q/{code}", "https://trace.example.com", "XY22406", "https://trace.example.com/m/q/XY22406"],
    ["https://{host}/m/q/{code}", "http://localhost:3000", "XY22406", "https://localhost:3000/m/q/XY22406"],
    ["https://scan.example.cn/q/{code}", "http://localhost:3000", "XY22406", "https://scan.example.cn/q/XY22406"],
    ["{origin}/m/q/{code}", "http://localhost:3000", "码 1/2", "http://localhost:3000/m/q/%E7%A0%81%201%2F2"],
  ])("%s on %s for %s is %s", (template, origin, code, want) => {
    expect(consumerUrl(template, code, origin)).toBe(want);
  });
});
