// The benches' verdict logic (bench/ratio-budget.ts): a ratio to a same-run reference, judged against
// its bound, and never judged when the run did not measure the reference.
import { describe, expect, it } from "vitest";
import {
  allPass,
  p99InReferenceRequests,
  percent,
  ratioTable,
  timeOverReference,
  verdictOf,
  type RatioBudget,
} from "../../bench/ratio-budget";

const budget = (over: Partial<RatioBudget>): RatioBudget => ({
  what: "scan rate over the floor's",
  figure: "5,000 scans/s",
  reference: "floor 20,000 req/s",
  ratio: 0.25,
  bound: "≥",
  budget: 0.24,
  format: percent,
  ...over,
});

describe("verdictOf", () => {
  it.each([
    { bound: "≥", ratio: 0.25, limit: 0.24, want: "PASS" },
    { bound: "≥", ratio: 0.24, limit: 0.24, want: "PASS" },
    { bound: "≥", ratio: 0.23, limit: 0.24, want: "MISS" },
    { bound: "≤", ratio: 400, limit: 400, want: "PASS" },
    { bound: "≤", ratio: 401, limit: 400, want: "MISS" },
    { bound: "≤", ratio: 12, limit: 400, want: "PASS" },
  ] as const)("$ratio against $bound $limit is $want", ({ bound, ratio, limit, want }) => {
    expect(verdictOf(budget({ bound, ratio, budget: limit }))).toBe(want);
  });

  it("does not judge a run that measured no reference", () => {
    expect(verdictOf(budget({ reference: undefined, ratio: 0.5 }))).toBe("not judged");
    expect(verdictOf(budget({ ratio: NaN }))).toBe("not judged");
  });

  it("passes a set only when every budget is judged and met", () => {
    expect(allPass([budget({}), budget({ ratio: 0.3 })])).toBe(true);
    expect(allPass([budget({}), budget({ ratio: 0.1 })])).toBe(false);
    expect(allPass([budget({}), budget({ reference: undefined })])).toBe(false);
  });
});

describe("timeOverReference", () => {
  it("divides the figure by the reference and says what the budget is in this run", () => {
    const judged = timeOverReference({
      what: "csv over the floor",
      ms: 8_400,
      reference: { name: "floor", ms: 2_300 },
      budget: 7,
    });
    expect(judged.ratio).toBeCloseTo(3.652, 3);
    expect(judged.bound).toBe("≤");
    expect(judged.atThisReference).toBe("16,100 ms in this run");
    expect(verdictOf(judged)).toBe("PASS");
    expect(verdictOf({ ...judged, ratio: 7.01 })).toBe("MISS");
  });

  it("leaves a reference of zero or none unjudged instead of dividing by it", () => {
    for (const reference of [undefined, { name: "floor", ms: 0 }]) {
      const judged = timeOverReference({ what: "x", ms: 100, reference, budget: 7 });
      expect(judged.reference).toBeUndefined();
      expect(verdictOf(judged)).toBe("not judged");
    }
  });
});

describe("p99InReferenceRequests", () => {
  it("counts the p99 in the reference's requests: p99 × its rate ÷ 1,000", () => {
    const judged = p99InReferenceRequests({
      what: "the list's p99 during the flood",
      p99Ms: 6,
      reference: { name: "the list alone", perSecond: 8_000 },
      budget: 400,
    });
    expect(judged.ratio).toBe(48);
    expect(judged.atThisReference).toBe("p99 50.0 ms at this reference");
    expect(verdictOf(judged)).toBe("PASS");
  });

  it("follows the host: the same code on a host at 0.6 of the speed keeps its verdict", () => {
    const fast = p99InReferenceRequests({
      what: "p99",
      p99Ms: 15,
      reference: { name: "floor", perSecond: 22_000 },
      budget: 400,
    });
    const slow = p99InReferenceRequests({
      what: "p99",
      p99Ms: 25,
      reference: { name: "floor", perSecond: 13_200 },
      budget: 400,
    });
    expect(verdictOf(fast)).toBe("PASS");
    expect(verdictOf(slow)).toBe("PASS");
    expect(Math.abs(fast.ratio - slow.ratio)).toBeLessThan(1);
  });

  it("misses a stall the reference does not share", () => {
    const stalled = p99InReferenceRequests({
      what: "p99",
      p99Ms: 95,
      reference: { name: "the lists alone", perSecond: 8_800 },
      budget: 400,
    });
    expect(verdictOf(stalled)).toBe("MISS");
  });
});

describe("ratioTable", () => {
  it("prints figure, reference, ratio, budget and verdict on one row per budget", () => {
    const table = ratioTable([budget({}), budget({ reference: undefined, ratio: NaN })]).split("\n");
    expect(table).toHaveLength(4);
    expect(table[2]).toBe(
      "| scan rate over the floor's | 5,000 scans/s | floor 20,000 req/s | 25.0% | ≥ 24.0% | PASS |",
    );
    expect(table[3]).toContain("| not measured in this run | – | ≥ 24.0% | not judged |");
  });
});
