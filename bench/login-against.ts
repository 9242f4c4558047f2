// BENCH_AGAINST's tables for bench:login: the same floods against this tree's server and an older
// commit's, in the same run, each phase judged on the list alone on its own server, so the two
// commits' verdicts read line by line; one table per pass, the pair run in one order and then in the
// other, so neither commit always runs first.
import { allPass, ratioTable, type RatioBudget } from "./ratio-budget";
import { passHeading, type AgainstPass } from "./against-tree";

/** One flood phase's verdict: its ratio budget and the list's calls that failed during it. */
export interface Judged {
  readonly budget: RatioBudget;
  /** Calls during the flood that failed outright; any fails the phase whatever the ratio. */
  readonly errors: number;
}

export interface LoginAgainstResults {
  /** This tree's commit and the older one, 7 digits each. */
  readonly current: string;
  readonly older: string;
  readonly passes: readonly AgainstPass<readonly Judged[]>[];
}

const named = (commit: string, phases: readonly Judged[]): RatioBudget[] =>
  phases.map(({ budget }) => ({ ...budget, what: `${commit} ${budget.what}` }));

/** PASS when every phase is within its budget and no list call failed during the floods. */
function verdictOf(commit: string, phases: readonly Judged[]): string {
  const errors = phases.reduce((sum, phase) => sum + phase.errors, 0);
  const met = allPass(phases.map((phase) => phase.budget)) && errors === 0;
  return `${commit}: ${met ? "PASS" : "MISS"} (${errors} failed calls during the floods)`;
}

function passReport(r: LoginAgainstResults, pass: AgainstPass<readonly Judged[]>, n: number): string[] {
  return [
    passHeading(n, r.current, r.older, pass),
    "",
    ratioTable([...named(r.current, pass.ours), ...named(r.older, pass.older)]),
    "",
    `${verdictOf(r.current, pass.ours)}. ${verdictOf(r.older, pass.older)}.`,
  ];
}

export function loginAgainstReport(r: LoginAgainstResults): string {
  return [
    `## bench/login at ${r.current} beside ${r.older} (BENCH_AGAINST)`,
    "",
    "The floods against each commit's server, one server at a time, each on a fresh database its own code seeds: " +
      `${r.current} (the run above), ${r.older}, ${r.older} again, then ${r.current} again. ` +
      "Each phase's ratio is over the list alone on its own server, just before its flood. " +
      `The synchronous=FULL/NORMAL creates measure ${r.current} only.`,
    "",
    ...r.passes.flatMap((pass, i) => [...passReport(r, pass, i + 1), ""]),
  ].join("\n");
}
