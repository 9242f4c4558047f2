import { describe, expect, it } from "vitest";
import { mockClock } from "./mock-clock";

describe("mockClock (MOCK_NOW)", () => {
  it("unset or empty: the real clock", () => {
    const real = () => 42;
    expect(mockClock(undefined, real)).toBe(real);
    expect(mockClock("  ", real)).toBe(real);
  });

  it("starts at MOCK_NOW and runs at normal speed from there", () => {
    let real = Date.parse("2026-11-23T18:00:00Z");
    const clock = mockClock("2024-06-01T08:00:00Z", () => real);
    expect(new Date(clock()).toISOString()).toBe("2024-06-01T08:00:00.000Z");
    real += 90_000;
    expect(new Date(clock()).toISOString()).toBe("2024-06-01T08:01:30.000Z");
  });

  it("refuses a value that is not a date-time, naming it", () => {
    expect(() => mockClock("2024-06-01")).toThrow(/MOCK_NOW=2024-06-01 is not an ISO date-time/);
    expect(() => mockClock("yesterday")).toThrow(/MOCK_NOW=yesterday/);
  });
});
