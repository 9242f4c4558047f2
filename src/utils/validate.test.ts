import { describe, expect, it } from "vitest";
import { INPUT_RULE_MESSAGE, isValidInput, validUsername } from "./validate";

describe("spec §5 input rule", () => {
  it.each(["admin", "A-z_0.9", "a~b`c", "x@y#z$", "^&*()+", "a￥b", ""])("accepts %j", (value) => {
    expect(isValidInput(value)).toBe(true);
  });
  it.each(["a b", "50%", "a!", "a=b", "a/b", "a:b", "a;b", "“q”", "’", "中文", "a,b"])("rejects %j", (value) => {
    expect(isValidInput(value)).toBe(false);
  });
  it("has the spec's exact message", () => {
    expect(INPUT_RULE_MESSAGE).toBe("不能输入%!=/:;“’等特殊字符与中文");
  });
});

describe("spec §5 validUsername", () => {
  it("accepts admin and editor, trimmed", () => {
    expect(validUsername("admin")).toBe(true);
    expect(validUsername("  editor ")).toBe(true);
  });
  it("rejects anything else", () => {
    expect(validUsername("Admin")).toBe(false);
    expect(validUsername("root")).toBe(false);
    expect(validUsername("")).toBe(false);
  });
});
