// bench:mock-server's verdict on the lists under writes: rates over json-server's, p99s counted in the
// pages' own requests without writes, totals exact; json-server's rates judged only when it ran.
import { describe, expect, it } from "vitest";
import { writeLoadReport, type WriteLoadResult, type WriteLoadRun } from "../../bench/mock-server/write-load";

const run = (rps: number, p99: number): WriteLoadRun => ({
  rps,
  p50: 2,
  p99,
  failures: 0,
  writesPerS: 50,
  writeP99: 12,
});
const result = (over: Partial<WriteLoadResult> = {}): WriteLoadResult => ({
  runs: { "filtered page": run(3_600, 5), "deep page": run(3_100, 7) },
  writes: { creates: 400, updates: 400, deletes: 400, refused: 0 },
  checks: 13,
  mismatches: [],
  ...over,
});
const jsonServer = { "filtered page": 8.3, "deep page": 43 };
const quiet = { "filtered page": 4_100, "deep page": 4_650 };
const verdictLine = (report: string) => report.split("\n").at(-1);

describe("writeLoadReport", () => {
  it("passes today's recorded run: 434× and 72× json-server's, p99s of 20 and 33 quiet requests", () => {
    expect(verdictLine(writeLoadReport(result(), 1_000_000, jsonServer, quiet))).toBe("Lists under writes: PASS.");
  });

  it("misses a stall: a 250 ms p99 is about 1,000 of the page's quiet requests", () => {
    const stalled = result({ runs: { "filtered page": run(3_600, 250), "deep page": run(3_100, 7) } });
    const report = writeLoadReport(stalled, 1_000_000, jsonServer, quiet);
    expect(verdictLine(report)).toBe("Lists under writes: MISS.");
    expect(report).toContain("| p99 250 ms | filtered page without writes 4,100 req/s | 1,025 | ≤ 65");
  });

  it("keeps the verdict on a host at 0.6 of the speed, where the p99s and the quiet rates move together", () => {
    const slow = result({ runs: { "filtered page": run(2_160, 8), "deep page": run(1_860, 11) } });
    const slowJson = { "filtered page": 5, "deep page": 26 };
    const slowQuiet = { "filtered page": 2_460, "deep page": 2_790 };
    expect(verdictLine(writeLoadReport(slow, 1_000_000, slowJson, slowQuiet))).toBe("Lists under writes: PASS.");
  });

  it("misses a total that differs from COUNT(*)", () => {
    const wrong = result({ mismatches: ["filtered page: 21,054 vs 21,053"] });
    expect(verdictLine(writeLoadReport(wrong, 1_000_000, jsonServer, quiet))).toBe("Lists under writes: MISS.");
  });

  it("judges the p99s and totals but not the rates when json-server did not run", () => {
    expect(verdictLine(writeLoadReport(result(), 1_000_000, undefined, quiet))).toBe(
      "Lists under writes: the rates not judged (this run skipped json-server); p99 and totals PASS.",
    );
  });
});
