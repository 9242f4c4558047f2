import { describe, expect, it } from "vitest";
import { BASE32, bodyLength, checkCharacter, CodeMaker, DEFAULT_RULE, MIN_RANDOM_BITS } from "./code-values";

describe("trace code values", () => {
  it("base32 leaves out the ambiguous 0, O, 1 and I", () => {
    expect(BASE32).toHaveLength(32);
    expect(BASE32).not.toMatch(/[01OI]/);
  });

  it("carry at least 60 random bits whatever the rule's length", () => {
    expect(bodyLength({ prefix: "ABCDEFGH", length: 8, charset: "numeric", checkDigit: true }) * Math.log2(10)).toBeGreaterThanOrEqual(MIN_RANDOM_BITS);
    expect(bodyLength(DEFAULT_RULE)).toBe(20);
  });

  it("follow the rule: prefix, character set, check digit", () => {
    const maker = new CodeMaker({ prefix: "CN", length: 22, charset: "numeric", checkDigit: true });
    const code = maker.next();
    expect(code).toMatch(/^CN\d{20}$/);
    const body = code.slice(2, -1);
    expect(checkCharacter(body, "0123456789")).toBe(code.at(-1));
  });

  it("Luhn check digit", () => {
    expect(checkCharacter("7992739871", "0123456789")).toBe("3");
  });

  it("do not repeat", () => {
    const maker = new CodeMaker(DEFAULT_RULE);
    const codes = new Set(Array.from({ length: 20000 }, () => maker.next()));
    expect(codes.size).toBe(20000);
  });
});
