// bench:mock-server BENCH_AGAINST's tables: each commit's read by id judged on its own ratio to
// json-server's rate in the same run, each pass named by the order its pair ran in.
import { describe, expect, it } from "vitest";
import { againstReport } from "../../bench/mock-server/against-report";
import { SCENARIOS, type Measured } from "../../bench/mock-server/load";
import type { ServerRun } from "../../bench/mock-server/report";

const measured = (rps: number, non2xx = 0): Measured => ({
  rps,
  p50: 2,
  p99: 6,
  failures: { non2xx, errors: 0, timeouts: 0 },
  bytesPerResponse: 1_000,
});
const answer = { ids: [4242], total: 100_000, ms: 3 };
const run = (readById: number, non2xx = 0): ServerRun => ({
  answers: { "deep page": answer, "filtered page": answer, "read by id": answer },
  measured: new Map(SCENARIOS.map((s) => [s, s === "read by id" ? measured(readById, non2xx) : measured(1_000)])),
  grewBy: 0,
});
const results = (current: ServerRun, older: ServerRun) => ({
  filter: { eq: { field: "status", value: "enabled" }, contains: { field: "account_name", value: "wang" } },
  rows: 100_000,
  current: "859afde",
  older: "c8625c9",
  passes: [
    { currentFirst: true, ours: current, older },
    { currentFirst: false, ours: current, older },
  ],
  theirs: run(60),
});
const verdicts = (report: string) => report.split("\n").filter((line) => line.startsWith("Read by id: "));

describe("againstReport", () => {
  it("judges each commit on its own ratio: 91× passes, 89× misses, in the same run", () => {
    const report = againstReport(results(run(5_460), run(5_340)));
    expect(verdicts(report)).toEqual([
      "Read by id: PASS (the ratio above, every answer 2xx).",
      "Read by id: MISS (the ratio above, every answer 2xx).",
      "Read by id: PASS (the ratio above, every answer 2xx).",
      "Read by id: MISS (the ratio above, every answer 2xx).",
    ]);
    expect(report).toContain("| read by id | 5,460 | 6 | 5,340 | 6 | 60 | 91.0× | 89.0× |");
  });

  it("names each pass by the order its pair ran in", () => {
    const report = againstReport(results(run(5_460), run(5_460)));
    expect(report).toContain("### Pass 1: 859afde then c8625c9");
    expect(report).toContain("### Pass 2: c8625c9 then 859afde");
  });

  it("misses an older commit's read by id whose answers failed, naming that commit", () => {
    const report = againstReport(results(run(5_460), run(6_000, 3)));
    expect(verdicts(report)[1]).toBe("Read by id: MISS (the ratio above, every answer 2xx).");
    expect(report).toContain('Failed requests: c8625c9 read by id: {"non2xx":3,"errors":0,"timeouts":0}.');
  });
});
