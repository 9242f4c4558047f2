// bench:codegen BENCH_AGAINST's tables: each commit's job judged on the lists alone on its own server,
// each commit's failed calls and unfinished job counted against it only, each pass named by the
// order its pair ran in, each commit's verdict over its own runs.
import { describe, expect, it } from "vitest";
import { codegenAgainstReport } from "../../bench/codegen-against";
import type { JobRun } from "../../bench/codegen-verdict";

/** A job of 100,000 codes whose lists answered alone at `alonePerSecond` and had `p99` during it. */
const job = (p99: number, alonePerSecond: number, more: { errors?: number; status?: string } = {}): JobRun => ({
  codes: 100_000,
  succeeded: more.status === "failed" ? 40_000 : 100_000,
  status: more.status ?? "done",
  seconds: 10,
  answeredMs: 12,
  alone: { perSecond: alonePerSecond, p50: 0, p99: 1 },
  during: { p50: 1, p99, max: 140, calls: 50_000, errors: more.errors ?? 0, non2xx: 0 },
});
const report = (ours: JobRun, older: JobRun, oursSecond = ours, olderSecond = older) =>
  codegenAgainstReport({
    codes: 100_000,
    current: "dae6436",
    older: "c8625c9",
    passes: [
      { currentFirst: true, ours, older },
      { currentFirst: false, ours: oursSecond, older: olderSecond },
    ],
  });
const verdicts = (text: string) => text.split("\n").filter((line) => line.startsWith("dae6436: "));

describe("codegenAgainstReport", () => {
  it("judges each commit on the lists alone on its own server: the same 40 ms p99 is 400 and 440", () => {
    const text = report(job(40, 10_000), job(40, 11_000));
    expect(verdicts(text)).toEqual([
      "dae6436: PASS (0 failed calls during the job, the job done). c8625c9: MISS (0 failed calls during the job, the job done).",
      "dae6436: PASS (0 failed calls during the job, the job done). c8625c9: MISS (0 failed calls during the job, the job done).",
      "dae6436: PASS, c8625c9: MISS (each over its own runs; PASS: the budget met, no failed call during the job, the job done)",
    ]);
    expect(text).toContain(
      "| dae6436 the lists' p99 during the job, in their calls alone | p99 40.0 ms | the lists alone 10,000 req/s | 400 |",
    );
    expect(text).toContain(
      "| c8625c9 the lists' p99 during the job, in their calls alone | p99 40.0 ms | the lists alone 11,000 req/s | 440 |",
    );
  });

  it("misses only the commit whose list calls failed or whose job did not finish", () => {
    const failedCalls = report(job(5, 8_000), job(5, 8_000, { errors: 2 }));
    expect(verdicts(failedCalls)[0]).toBe(
      "dae6436: PASS (0 failed calls during the job, the job done). c8625c9: MISS (2 failed calls during the job, the job done).",
    );
    const failedJob = report(job(5, 8_000, { status: "failed" }), job(5, 8_000));
    expect(verdicts(failedJob)[0]).toBe(
      "dae6436: MISS (0 failed calls during the job, the job failed). c8625c9: PASS (0 failed calls during the job, the job done).",
    );
    expect(failedJob).toContain(
      "| dae6436 | 40,000 of 100,000 failed | 10.0 | 4,000 | 12 | 8,000 | 0 / 1 | 1 / 5 / 140 | 50,000 | 0 | 0 |",
    );
  });

  it("misses a commit over both passes when one of its runs missed, whichever pass it was", () => {
    const text = report(job(5, 8_000), job(5, 8_000), job(60, 8_000), job(5, 8_000));
    expect(verdicts(text).at(-1)).toMatch(/^dae6436: MISS, c8625c9: PASS /);
  });

  it("names each pass by the order its pair ran in", () => {
    const text = report(job(5, 8_000), job(5, 8_000));
    expect(text).toContain("### Pass 1: dae6436 then c8625c9");
    expect(text).toContain("### Pass 2: c8625c9 then dae6436");
  });
});
