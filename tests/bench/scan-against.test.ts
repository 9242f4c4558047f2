// bench:scan BENCH_AGAINST=<revision> (bench/scan-against.ts), the parts that need no server: the
// options it refuses, the order of the four runs and each commit's verdict over its own runs.
import { describe, expect, it } from "vitest";
import { againstOrder, commitVerdicts, refuseAgainstOptions } from "../../bench/scan-against";
import { percent, type RatioBudget } from "../../bench/ratio-budget";

describe("refuseAgainstOptions", () => {
  it("lets a SQLite run of one process through", () => {
    expect(() => refuseAgainstOptions(["sqlite"], [], {})).not.toThrow();
    expect(() => refuseAgainstOptions(["sqlite"], ["--engine", "sqlite"], {})).not.toThrow();
  });
  it("refuses PostgreSQL, alone or beside SQLite", () => {
    expect(() => refuseAgainstOptions(["pg"], ["--engine", "pg"], {})).toThrow(/SQLite only/);
    expect(() => refuseAgainstOptions(["sqlite", "pg"], ["--engine", "both"], {})).toThrow(/SQLite only/);
  });
  it("refuses --processes in either spelling, even of one", () => {
    expect(() => refuseAgainstOptions(["sqlite"], ["--processes", "1"], {})).toThrow(/drop --processes/);
    expect(() => refuseAgainstOptions(["sqlite"], ["--processes=1,2"], {})).toThrow(/drop --processes/);
  });
  it("refuses BENCH_REUSE, which would serve a scanned database", () => {
    expect(() => refuseAgainstOptions(["sqlite"], [], { BENCH_REUSE: "1" })).toThrow(/drop BENCH_REUSE/);
  });
});

describe("againstOrder", () => {
  const ours = { commit: "dae6436" };
  const older = { commit: "c8625c9" };
  it("runs ours, the older, the older, ours: the second pass in the other order", () => {
    const order = againstOrder(ours, older);
    expect(order.map((run) => [run.server, run.pass])).toEqual([
      [ours, 1],
      [older, 1],
      [older, 2],
      [ours, 2],
    ]);
  });
  it("names each run by its commit, its pass and which commit ran first in it", () => {
    expect(againstOrder(ours, older).map((run) => run.label)).toEqual([
      "dae6436, pass 1 (dae6436 first)",
      "c8625c9, pass 1 (dae6436 first)",
      "c8625c9, pass 2 (c8625c9 first)",
      "dae6436, pass 2 (c8625c9 first)",
    ]);
  });
});

/** A scan-rate budget of 24% of the run's own floor, at `scanRate` over `floorRate`. */
function rateBudget(scanRate: number, floorRate: number | undefined): RatioBudget {
  return {
    what: "scan rate over the floor's",
    figure: `${scanRate} scans/s`,
    reference: floorRate === undefined ? undefined : `floor ${floorRate} req/s`,
    ratio: floorRate === undefined ? NaN : scanRate / floorRate,
    bound: "≥",
    budget: 0.24,
    format: percent,
  };
}

describe("commitVerdicts", () => {
  it("judges each commit on its own runs: the older commit's miss does not make ours miss", () => {
    // The older commit scans faster in absolute terms, but on a faster floor: its ratio misses.
    const verdicts = commitVerdicts([
      { commit: "dae6436", budgets: [rateBudget(2_600, 10_000)], clean: true },
      { commit: "c8625c9", budgets: [rateBudget(3_000, 14_000)], clean: true },
      { commit: "c8625c9", budgets: [rateBudget(2_900, 13_000)], clean: true },
      { commit: "dae6436", budgets: [rateBudget(2_500, 10_000)], clean: true },
    ]);
    expect([...verdicts]).toEqual([
      ["dae6436", "PASS"],
      ["c8625c9", "MISS"],
    ]);
  });
  it("misses a commit when one of its runs misses, whichever pass it is", () => {
    const verdicts = commitVerdicts([
      { commit: "dae6436", budgets: [rateBudget(2_100, 10_000)], clean: true },
      { commit: "dae6436", budgets: [rateBudget(2_600, 10_000)], clean: true },
      { commit: "c8625c9", budgets: [rateBudget(2_600, 10_000)], clean: true },
      { commit: "c8625c9", budgets: [rateBudget(2_100, 10_000)], clean: true },
    ]);
    expect(verdicts.get("dae6436")).toBe("MISS");
    expect(verdicts.get("c8625c9")).toBe("MISS");
  });
  it("misses a run with errors or 500 answers, and a budget not judged", () => {
    const verdicts = commitVerdicts([
      { commit: "dae6436", budgets: [rateBudget(2_600, 10_000)], clean: false },
      { commit: "c8625c9", budgets: [rateBudget(2_600, undefined)], clean: true },
    ]);
    expect([...verdicts.values()]).toEqual(["MISS", "MISS"]);
  });
});
