import { describe, expect, it } from "vitest";
import { barLayout } from "./dashboard-data";

const days = [
  { date: "2024-01-01", codes: 100, scans: 50, shipped: 0 },
  { date: "2024-01-02", codes: 200, scans: 20, shipped: 10 },
];

describe("dashboard chart layout", () => {
  it("scales each series to its own largest value", () => {
    const codes = barLayout(days, "codes", 200, 100);
    expect(codes).toEqual([
      { day: "2024-01-01", value: 100, x: 20, y: 50, width: 60, height: 50 },
      { day: "2024-01-02", value: 200, x: 120, y: 0, width: 60, height: 100 },
    ]);
    expect(barLayout(days, "scans", 200, 100)[0].height).toBe(100);
    expect(barLayout(days, "shipped", 200, 100)[0].height).toBe(0);
  });
  it("copes with no data and all zeros", () => {
    expect(barLayout([], "codes", 100, 100)).toEqual([]);
    expect(barLayout([{ date: "d", codes: 0, scans: 0, shipped: 0 }], "codes", 100, 100)[0].height).toBe(0);
  });
});
