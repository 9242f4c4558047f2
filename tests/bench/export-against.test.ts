// bench:export BENCH_AGAINST's tables: each commit's exports judged on their own references (the
// floor measured before its own server, the other calls alone on its own server), each pass named by
// the order its pair ran in, each commit's verdict its own.
import { describe, expect, it } from "vitest";
import { exportAgainstReport, type TreeRun } from "../../bench/export-against";
import type { ExportResult } from "../../bench/export-verdict";

const csv = (seconds: number, errors = 0): ExportResult => ({
  format: "csv",
  seconds,
  rows: 1_000_000,
  mb: 90,
  rssGrowthMb: 20,
  p50: 1,
  p99: 10,
  errors,
});
const run = (result: ExportResult, floorSeconds: number, alonePerSecond = 2_000): TreeRun => ({
  results: [result],
  floor: { seconds: floorSeconds, rows: 1_000_000, bytes: 80 * 2 ** 20 },
  alone: { perSecond: alonePerSecond, p50: 0, p99: 3 },
});
const report = (ours: TreeRun, older: TreeRun) =>
  exportAgainstReport({
    rows: 1_000_000,
    current: "dae6436",
    older: "c8625c9",
    passes: [
      { currentFirst: true, ours, older },
      { currentFirst: false, ours, older },
    ],
  });
const verdicts = (text: string) => text.split("\n").filter((line) => line.startsWith("dae6436: "));

describe("exportAgainstReport", () => {
  it("judges each commit's export on its own floor: the same 14 s is 7× of one and 7.4× of the other", () => {
    const text = report(run(csv(14), 2), run(csv(14), 1.9));
    expect(verdicts(text)).toEqual(["dae6436: PASS. c8625c9: MISS.", "dae6436: PASS. c8625c9: MISS."]);
    expect(text).toContain("| dae6436 csv: the export's time over its floor's | 14,000 ms | floor 2,000 ms | 7× |");
    expect(text).toContain("| c8625c9 csv: the export's time over its floor's | 14,000 ms | floor 1,900 ms | 7.4× |");
  });

  it("counts each commit's p99 in the other calls alone on its own server", () => {
    const text = report(run(csv(10), 2, 13_000), run(csv(10), 2, 12_000));
    // p99 10 ms × 13,000 calls/s = 130 (met), × 12,000 = 120 (met); × 14,000 = 140 would miss.
    expect(verdicts(text)[0]).toBe("dae6436: PASS. c8625c9: PASS.");
    expect(verdicts(report(run(csv(10), 2, 14_000), run(csv(10), 2, 12_000)))[0]).toBe("dae6436: MISS. c8625c9: PASS.");
  });

  it("misses the commit whose other calls failed during its export, and prints its row beside ours", () => {
    const text = report(run(csv(10), 2), run(csv(10, 3), 2));
    expect(verdicts(text)[0]).toBe("dae6436: PASS. c8625c9: MISS.");
    expect(text).toContain("| c8625c9 | csv | 1,000,000 | 90.0 | 10.0 | 2.00 | 20.0 | 1 / 10 | 2,000 | 3 | MISS |");
    expect(text).toContain("| dae6436 | csv | 1,000,000 | 90.0 | 10.0 | 2.00 | 20.0 | 1 / 10 | 2,000 | 0 | PASS |");
  });

  it("names each pass by the order its pair ran in", () => {
    const text = report(run(csv(10), 2), run(csv(10), 2));
    expect(text).toContain("### Pass 1: dae6436 then c8625c9");
    expect(text).toContain("### Pass 2: c8625c9 then dae6436");
    expect(text).toContain("every CSV the same bytes");
  });
});
