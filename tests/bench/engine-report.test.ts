// bench:mock-server --engine pg's verdict on PostgreSQL's lists under writes (bench/README.md,
// "PostgreSQL"): rates over SQLite's in the same run, p99s counted in SQLite's requests for the same
// page without writes, the writes kept at pace, totals exact; the absolute 15 ms printed, not judged.
import { describe, expect, it } from "vitest";
import { engineReport } from "../../bench/mock-server/engine-report";
import type { LargeRun } from "../../bench/mock-server/large";
import type { Measured } from "../../bench/mock-server/load";
import type { WriteLoadRun } from "../../bench/mock-server/write-load";

type Page = "filtered page" | "deep page";
const answer = { ids: [], total: 1_000_000, ms: 40 };
const measured = (rps: number): Measured => ({
  rps,
  p50: 2,
  p99: 9,
  failures: { non2xx: 0, errors: 0, timeouts: 0 },
  bytesPerResponse: 900,
});
const under = (rps: number, p99: number, writesPerS = 50): WriteLoadRun => ({
  rps,
  p50: 9,
  p99,
  failures: 0,
  writesPerS,
  writeP99: 30,
});
const largeRun = (
  quiet: Record<Page, number>,
  underWrites: Record<Page, WriteLoadRun>,
  mismatches: string[] = [],
): LargeRun => ({
  rows: 1_000_000,
  counts: { all: 1_000_000, filtered: 50_000 } as LargeRun["counts"],
  cold: { deep: answer, filtered: answer },
  measured: new Map([
    ["filtered page", measured(quiet["filtered page"])],
    ["deep page", measured(quiet["deep page"])],
  ]),
  afterWrite: { deep: answer, filtered: answer },
  memory: undefined,
  writeLoad: {
    runs: underWrites,
    writes: { creates: 300, updates: 300, deletes: 300, refused: 0 },
    checks: 11,
    mismatches,
  },
});
// The run of 71a578f (2026-11-28): SQLite 1,820 and 2,105 req/s without writes.
const sqlite = largeRun(
  { "filtered page": 1_820, "deep page": 2_105 },
  { "filtered page": under(775, 37), "deep page": under(1_237, 24) },
);
const verdict = (report: string) => report.split("\n").at(-1);

describe("engineReport (bench/README.md, PostgreSQL)", () => {
  it("passes a PostgreSQL run at half SQLite's rate, p99 within 65 of SQLite's quiet requests, at pace", () => {
    // 30 ms × 1,820 req/s = 55 and 20 ms × 2,105 = 42: both within 65, though over the absolute 15 ms.
    const postgres = largeRun(
      { "filtered page": 1_138, "deep page": 720 },
      { "filtered page": under(900, 30, 49), "deep page": under(700, 20, 48) },
    );
    const report = engineReport(sqlite, postgres, 15, 60_000);
    expect(verdict(report)).toBe("PostgreSQL lists under writes: PASS.");
    expect(report).toContain("filtered page p99 30.0 ms (SQLite 37.0 ms): over");
  });

  it("misses a p99 beyond 65 of SQLite's quiet requests: 38 ms at 1,820 req/s is 69", () => {
    const postgres = largeRun(
      { "filtered page": 1_138, "deep page": 720 },
      { "filtered page": under(900, 38), "deep page": under(700, 20) },
    );
    const report = engineReport(sqlite, postgres, 15, 60_000);
    expect(verdict(report)).toBe("PostgreSQL lists under writes: MISS.");
    expect(report).toMatch(
      /filtered page under writes: p99 in SQLite's requests for it without writes \| p99 38\.0 ms \|[^\n]*\| 69 \|[^\n]*MISS/,
    );
  });

  it("misses a run whose writer fell short of 95% of 50 writes a second, however fast its lists", () => {
    const postgres = largeRun(
      { "filtered page": 1_138, "deep page": 720 },
      { "filtered page": under(900, 10, 27.7), "deep page": under(700, 10, 50) },
    );
    const report = engineReport(sqlite, postgres, 15, 60_000);
    expect(verdict(report)).toBe("PostgreSQL lists under writes: MISS.");
    expect(report).toMatch(
      /filtered page: writes answered during it over the 50 a second asked \| 27\.7 writes\/s \|[^\n]*\| 55% \|[^\n]*MISS/,
    );
  });

  it("misses a run below half SQLite's rate, and one whose totals differed", () => {
    const slow = largeRun(
      { "filtered page": 1_138, "deep page": 720 },
      { "filtered page": under(300, 10), "deep page": under(700, 10) },
    );
    expect(verdict(engineReport(sqlite, slow, 15, 60_000))).toBe("PostgreSQL lists under writes: MISS.");
    const inexact = largeRun(
      { "filtered page": 1_138, "deep page": 720 },
      { "filtered page": under(900, 10), "deep page": under(700, 10) },
      ["after 40 writes: deep 1000001 vs COUNT(*) 1000000"],
    );
    expect(verdict(engineReport(sqlite, inexact, 15, 60_000))).toBe("PostgreSQL lists under writes: MISS.");
  });
});
