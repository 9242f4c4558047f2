// A code_rules row as a shape: the declared length against the segments' sum (both numbers named),
// the SSCC rule against the enterprise's prefix, and codes drawn by each shape.
import { describe, expect, it } from "vitest";
import { messageIn, type MessageRef } from "../../../../schema/contract/messages";
import { hasValidCheck } from "./check-characters";
import { drawerFor } from "./code-drawer";
import { shapeOf } from "./rule-shape";
import { CROCKFORD_BASE32 } from "./segments";

const english = (problems: readonly MessageRef[]) => problems.map((problem) => messageIn("en", problem));
const item = {
  kind: "segments",
  code_type: "item",
  charset: "alphanumeric",
  length: 20,
  segments: "level + random:18 + check",
};

describe("shapeOf", () => {
  it("a declared length other than the segments' sum names both numbers", () => {
    expect(english(shapeOf({ ...item, length: 27 }, null).problems)).toEqual([
      "the declared length is 27 but the segments add up to 20",
    ]);
  });

  it("too few random bits, an unparsable segment and hex are refused", () => {
    expect(english(shapeOf({ ...item, length: 8, segments: "level + random:6 + check" }, null).problems)[0]).toMatch(
      /30 bits per code; at least 60/,
    );
    expect(english(shapeOf({ ...item, segments: "level + random:x" }, null).problems)).toEqual([
      'segment 2 ("random:x"): random needs a positive whole length, e.g. random:6',
    ]);
    expect(english(shapeOf({ ...item, charset: "hex" }, null).problems)).toEqual([
      "character set hex is not numeric or alphanumeric",
    ]);
  });

  it("an SSCC rule needs a pallet code type, 18 digits and the enterprise's prefix", () => {
    const pallet = { kind: "sscc", code_type: "pallet", length: 18, extension_digit: "3" };
    expect(shapeOf(pallet, "6901234").shape).toEqual({
      kind: "sscc",
      rule: { extensionDigit: "3", companyPrefix: "6901234" },
    });
    expect(english(shapeOf({ ...pallet, length: 20 }, "6901234").problems)).toEqual([
      "the declared length is 20 but an SSCC is exactly 18 digits",
    ]);
    expect(english(shapeOf(pallet, null).problems)).toEqual([
      "the enterprise has no GS1 company prefix yet (维护企业: gs1_company_prefix)",
    ]);
    expect(english(shapeOf({ ...pallet, code_type: "box" }, "12345").problems)).toEqual([
      "an SSCC rule is for pallet codes (code type is box)",
      'the GS1 company prefix must be 6 to 12 digits ("12345" given)',
    ]);
  });
});

describe("drawerFor", () => {
  it("draws codes of the declared length, level digit first, Crockford Base32, valid check", () => {
    const drawer = drawerFor(shapeOf({ ...item, code_type: "box" }, null).shape!, 0, "2024-06-01");
    const codes = Array.from({ length: 200 }, () => drawer.next());
    expect(new Set(codes).size).toBe(200);
    for (const code of codes) {
      expect(code).toHaveLength(20);
      expect(code[0]).toBe("2");
      expect([...code.slice(1, 19)].every((char) => CROCKFORD_BASE32.includes(char))).toBe(true);
      expect(hasValidCheck("iso7064-mod37-36", code)).toBe(true);
    }
  });

  it("sequences continue from the start given and print the date", () => {
    const shape = shapeOf(
      {
        kind: "segments",
        code_type: "item",
        charset: "numeric",
        length: 34,
        segments: "date:YYMMDD + sequence:7 + random:19 + level + check",
      },
      null,
    ).shape!;
    const drawer = drawerFor(shape, 41, "2024-06-01");
    const [first, second] = [drawer.next(), drawer.next()];
    expect(first.slice(0, 13)).toBe("2406010000041");
    expect(second.slice(0, 13)).toBe("2406010000042");
    expect(drawer.sequence).toBe(43);
    expect(hasValidCheck("gs1-mod10", first)).toBe(true);
  });

  it("an SSCC rule gives sequential 18-digit SSCCs with the GS1 check digit", () => {
    const drawer = drawerFor(
      shapeOf({ kind: "sscc", code_type: "pallet", length: 18, extension_digit: "3" }, "6901234").shape!,
      7,
      "2024-06-01",
    );
    const code = drawer.next();
    expect(code).toMatch(/^\d{18}$/);
    expect(code.slice(0, 17)).toBe("3690123400000000" + "7");
    expect(hasValidCheck("gs1-mod10", code)).toBe(true);
    expect(drawer.next().slice(0, 17)).toBe("36901234000000008");
  });
});
