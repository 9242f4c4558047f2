// bench:screens' steps and how their times are judged, and BENCH_AGAINST's report: this tree's
// console and an older commit's, each built by its own tree and served by its own server, timed in
// the same browser in alternating rounds and judged on the same run's static page, so the two
// commits' verdicts read line by line.
import { allPass, ratioTable, times, type RatioBudget } from "./ratio-budget";
import { median } from "./static-page";

export const STEPS = ["sign in → dashboard figures", "menu click → list rows", "filter → rows"] as const;
export type Step = (typeof STEPS)[number];
/** Each step's times over the timed rounds, in ms. */
export type StepTimes = Record<Step, number[]>;

export const noTimes = (): StepTimes => ({
  "sign in → dashboard figures": [],
  "menu click → list rows": [],
  "filter → rows": [],
});

/**
 * Each step's worst over the static page's median load. Provisional: 1 s, the absolute budget, over the
 * static page's 46 ms in the one run that measured it (a busy machine, 10,000 rows; its steps 8.7–14.8×).
 */
export const MAX_STEP_OVER_STATIC_PAGE = 20;

/** One budget per step: its worst over the static page's median; `commit` names them in a BENCH_AGAINST run. */
export function stepBudgets(stepTimes: StepTimes, staticMedian: number, commit?: string): RatioBudget[] {
  return STEPS.map((step) => {
    const worst = Math.max(...stepTimes[step]);
    return {
      what: `${commit ? `${commit} ` : ""}${step}, worst over the static page's load`,
      figure: `${worst} ms`,
      reference: `static page ${staticMedian.toFixed(1)} ms`,
      ratio: worst / staticMedian,
      bound: "≤",
      budget: MAX_STEP_OVER_STATIC_PAGE,
      format: times,
      atThisReference: `${Math.round(MAX_STEP_OVER_STATIC_PAGE * staticMedian)} ms in this run`,
    };
  });
}

/** The round's order of the consoles: ours first in even rounds, the older first in odd ones. */
export const roundOrder = <T>(round: number, ours: T, older: T): [T, T] =>
  round % 2 === 0 ? [ours, older] : [older, ours];

/** BENCH_AGAINST serves both consoles at once, so one fixed port cannot do. */
export function refuseFixedPort(env: NodeJS.ProcessEnv = process.env): void {
  if (env.BENCH_PORT) throw new Error("BENCH_AGAINST runs two servers at once, each on a free port: drop BENCH_PORT");
}

export interface ScreensAgainstResults {
  readonly rows: number;
  /** This tree's commit and the older one, 7 digits each. */
  readonly current: string;
  readonly older: string;
  readonly staticMedian: number;
  readonly ours: StepTimes;
  readonly olderTimes: StepTimes;
}

const verdictLine = (commit: string, budgets: readonly RatioBudget[]) =>
  `${commit}: ${allPass(budgets) ? "PASS" : "MISS"}`;

export function screensAgainstReport(r: ScreensAgainstResults): string {
  const ours = stepBudgets(r.ours, r.staticMedian, r.current);
  const older = stepBudgets(r.olderTimes, r.staticMedian, r.older);
  const rounds = r.ours[STEPS[0]].length;
  return [
    `## bench/screens at ${r.current} beside ${r.older}, ${r.rows.toLocaleString("en-US")} employees (BENCH_AGAINST)`,
    "",
    `Each commit's console built by its own tree and served by its own server on a copy of the same seeded file, ` +
      `both in the same browser, each in a profile of its own; every round times both, ${r.current} first in even rounds, ` +
      `${r.older} first in odd ones (${rounds} timed rounds). Both are judged on the static page's median load in this run, ` +
      `${r.staticMedian.toFixed(1)} ms.`,
    "",
    `| step | ${r.current} median | ${r.current} worst | ${r.older} median | ${r.older} worst |`,
    "|---|---:|---:|---:|---:|",
    ...STEPS.map(
      (step) =>
        `| ${step} | ${median(r.ours[step])} ms | ${Math.max(...r.ours[step])} ms | ` +
        `${median(r.olderTimes[step])} ms | ${Math.max(...r.olderTimes[step])} ms |`,
    ),
    "",
    ratioTable([...ours, ...older]),
    "",
    `${verdictLine(r.current, ours)}. ${verdictLine(r.older, older)}.`,
  ].join("\n");
}
