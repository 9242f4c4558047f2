import { describe, expect, it } from "vitest";
import { formatNumber } from "./format-number";

describe("formatNumber", () => {
  it.each([
    ["zh", 25224, "25,224"],
    ["en", 1000000, "1,000,000"],
    ["ja", 25224, "25,224"],
    // Spanish groups from five digits (RAE), with a dot.
    ["es", 25224, "25.224"],
    ["es", 1234, "1234"],
    ["en", 12.5, "12.5"],
  ] as const)("%s %d → %s", (language, value, want) => {
    expect(formatNumber(value, language)).toBe(want);
  });
});
