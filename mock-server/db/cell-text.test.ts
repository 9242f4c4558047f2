import { describe, expect, it } from "vitest";
import { cellText } from "./cell-text";

describe("cellText", () => {
  it.each([
    ["a string as it is", "B-0001", "B-0001"],
    ["a number in its shortest form", 12.5, "12.5"],
    ["a bigint", 9007199254740993n, "9007199254740993"],
    ["a boolean", true, "true"],
    ["null as empty", null, ""],
    ["undefined as empty", undefined, ""],
    ["an object as JSON", { a: 1 }, '{"a":1}'],
    ["an array as JSON", ["x", 2], '["x",2]'],
  ])("%s", (_name, value, want) => {
    expect(cellText(value)).toBe(want);
  });
});
