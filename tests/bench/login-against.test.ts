// bench:login BENCH_AGAINST's tables: each commit's floods judged on the list alone on its own server,
// each commit's failed calls counted against it only, each pass named by the order its pair ran in.
import { describe, expect, it } from "vitest";
import { loginAgainstReport, type Judged } from "../../bench/login-against";
import { p99InReferenceRequests } from "../../bench/ratio-budget";

/** The list's p99 during a flood, counted in its calls alone: p99 × rate ÷ 1,000 ≤ 400. */
const phase = (p99Ms: number, listAlonePerSecond: number, errors = 0): Judged => ({
  budget: p99InReferenceRequests({
    what: "throttle on: the list's p99 during the flood, in its calls alone",
    p99Ms,
    reference: { name: "the list alone", perSecond: listAlonePerSecond },
    budget: 400,
  }),
  errors,
});
const report = (ours: Judged[], older: Judged[]) =>
  loginAgainstReport({
    current: "dae6436",
    older: "c8625c9",
    passes: [
      { currentFirst: true, ours, older },
      { currentFirst: false, ours, older },
    ],
  });
const verdicts = (text: string) => text.split("\n").filter((line) => line.startsWith("dae6436: "));

describe("loginAgainstReport", () => {
  it("judges each commit on the list alone on its own server: the same 50 ms p99 is 400 and 450", () => {
    const text = report([phase(50, 8_000)], [phase(50, 9_000)]);
    expect(verdicts(text)).toEqual([
      "dae6436: PASS (0 failed calls during the floods). c8625c9: MISS (0 failed calls during the floods).",
      "dae6436: PASS (0 failed calls during the floods). c8625c9: MISS (0 failed calls during the floods).",
    ]);
    expect(text).toContain(
      "| dae6436 throttle on: the list's p99 during the flood, in its calls alone | p99 50.0 ms |",
    );
    expect(text).toContain(
      "| c8625c9 throttle on: the list's p99 during the flood, in its calls alone | p99 50.0 ms |",
    );
  });

  it("misses only the commit whose list calls failed during its floods", () => {
    const text = report([phase(5, 8_000)], [phase(5, 8_000), phase(5, 8_000, 2)]);
    expect(verdicts(text)[0]).toBe(
      "dae6436: PASS (0 failed calls during the floods). c8625c9: MISS (2 failed calls during the floods).",
    );
  });

  it("names each pass by the order its pair ran in", () => {
    const text = report([phase(5, 8_000)], [phase(5, 8_000)]);
    expect(text).toContain("### Pass 1: dae6436 then c8625c9");
    expect(text).toContain("### Pass 2: c8625c9 then dae6436");
  });
});
