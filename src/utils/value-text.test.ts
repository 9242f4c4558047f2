import { describe, expect, it } from "vitest";
import { valueText } from "./value-text";

describe("valueText", () => {
  it.each([
    { given: "a string", value: "成品一仓", want: "成品一仓" },
    { given: "a number", value: 25224, want: "25224" },
    { given: "a boolean", value: false, want: "false" },
    { given: "null", value: null, want: "" },
    { given: "undefined", value: undefined, want: "" },
    { given: "an object", value: { id: 3 }, want: '{"id":3}' },
    { given: "a list", value: [1, "a"], want: '[1,"a"]' },
    { given: "a function", value: () => 1, want: "" },
  ])("$given", ({ value, want }) => {
    expect(valueText(value)).toBe(want);
  });
});
