// bench:screens' judging and BENCH_AGAINST's report (bench/screens-against.ts), the parts that need no
// browser: each step's worst over the static page, the consoles' order in each round, the refused
// fixed port, and each commit's verdict on the same static page.
import { describe, expect, it } from "vitest";
import {
  refuseFixedPort,
  roundOrder,
  screensAgainstReport,
  stepBudgets,
  type StepTimes,
} from "../../bench/screens-against";
import { verdictOf } from "../../bench/ratio-budget";

/** Five rounds of each step, the worst given: the others faster. */
const times = (signIn: number, menu: number, filter: number): StepTimes => ({
  "sign in → dashboard figures": [signIn - 30, signIn - 20, signIn, signIn - 10, signIn - 40],
  "menu click → list rows": [menu, menu - 5, menu - 10, menu - 15, menu - 20],
  "filter → rows": [filter - 1, filter - 2, filter - 3, filter - 4, filter],
});

describe("stepBudgets", () => {
  it("judges each step's worst round, not its median, over the static page's median load", () => {
    const budgets = stepBudgets(times(1_000, 400, 300), 50);
    expect(budgets.map((budget) => [budget.figure, budget.ratio, verdictOf(budget)])).toEqual([
      ["1000 ms", 20, "PASS"],
      ["400 ms", 8, "PASS"],
      ["300 ms", 6, "PASS"],
    ]);
    expect(verdictOf(stepBudgets(times(1_001, 400, 300), 50)[0])).toBe("MISS");
  });

  it("names the steps by commit only when given one, as the default run prints them", () => {
    expect(stepBudgets(times(500, 400, 300), 50)[1].what).toBe(
      "menu click → list rows, worst over the static page's load",
    );
    expect(stepBudgets(times(500, 400, 300), 50, "c8625c9")[1].what).toBe(
      "c8625c9 menu click → list rows, worst over the static page's load",
    );
  });
});

describe("roundOrder", () => {
  it("puts ours first in even rounds and the older first in odd ones", () => {
    expect([0, 1, 2, 3, 4, 5].map((round) => roundOrder(round, "ours", "older")[0])).toEqual([
      "ours",
      "older",
      "ours",
      "older",
      "ours",
      "older",
    ]);
  });
});

describe("refuseFixedPort", () => {
  it("refuses BENCH_PORT, which both servers would take", () => {
    expect(() => refuseFixedPort({ BENCH_PORT: "4400" })).toThrow(/drop BENCH_PORT/);
    expect(() => refuseFixedPort({})).not.toThrow();
  });
});

describe("screensAgainstReport", () => {
  const report = (ours: StepTimes, older: StepTimes, staticMedian = 50) =>
    screensAgainstReport({ rows: 20_000, current: "dae6436", older: "c8625c9", staticMedian, ours, olderTimes: older });
  const verdict = (text: string) => text.split("\n").find((line) => line.startsWith("dae6436: "));

  it("gives each commit its own verdict on the same static page", () => {
    expect(verdict(report(times(900, 400, 300), times(1_100, 400, 300)))).toBe("dae6436: PASS. c8625c9: MISS.");
    expect(verdict(report(times(900, 1_050, 300), times(900, 400, 300)))).toBe("dae6436: MISS. c8625c9: PASS.");
  });

  it("prints each commit's median and worst per step, and its budgets named by commit", () => {
    const text = report(times(900, 400, 300), times(1_100, 400, 300));
    expect(text).toContain("| sign in → dashboard figures | 880 ms | 900 ms | 1080 ms | 1100 ms |");
    expect(text).toContain(
      "| dae6436 filter → rows, worst over the static page's load | 300 ms | static page 50.0 ms | 6× |",
    );
    expect(text).toContain(
      "| c8625c9 sign in → dashboard figures, worst over the static page's load | 1100 ms | static page 50.0 ms | 22× |",
    );
  });
});
