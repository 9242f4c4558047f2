// BENCH_AGAINST's tables for bench:codegen: the same generation job on this tree's server and on an
// older commit's, in the same run, each run judged on the lists read alone on its own server just
// before its job, so the two commits' verdicts read line by line; one table per pass, the pair run
// in one order and then in the other, so neither commit always runs first.
import { passHeading, type AgainstPass } from "./against-tree";
import { jobBudget, jobMet, type JobRun } from "./codegen-verdict";
import { ratioTable, wholeNumber } from "./ratio-budget";

export interface CodegenAgainstResults {
  /** Codes in each job. */
  readonly codes: number;
  /** This tree's commit and the older one, 7 digits each. */
  readonly current: string;
  readonly older: string;
  readonly passes: readonly AgainstPass<JobRun>[];
}

const budgetOf = (commit: string, run: JobRun) =>
  jobBudget(`${commit} the lists' p99 during the job, in their calls alone`, run);

const met = (commit: string, run: JobRun) => jobMet(budgetOf(commit, run), run);

function row(commit: string, run: JobRun): string {
  const { alone, during } = run;
  return (
    `| ${commit} | ${wholeNumber(run.succeeded)} of ${wholeNumber(run.codes)} ${run.status} | ${run.seconds.toFixed(1)} | ` +
    `${wholeNumber(run.succeeded / (run.seconds || 1))} | ${run.answeredMs} | ${wholeNumber(alone.perSecond)} | ${alone.p50} / ${alone.p99} | ` +
    `${during.p50} / ${during.p99} / ${during.max} | ${wholeNumber(during.calls)} | ${during.errors} | ${during.non2xx} |`
  );
}

const verdictLine = (commit: string, run: JobRun): string =>
  `${commit}: ${met(commit, run) ? "PASS" : "MISS"} (${run.during.errors} failed calls during the job, the job ${run.status})`;

function passReport(r: CodegenAgainstResults, pass: AgainstPass<JobRun>, n: number): string[] {
  return [
    passHeading(n, r.current, r.older, pass),
    "",
    "| commit | codes | seconds | codes/s | generate answered ms | lists alone calls/s | alone p50 / p99 ms | during p50 / p99 / max ms | calls during | failed calls | non-2xx |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    row(r.current, pass.ours),
    row(r.older, pass.older),
    "",
    ratioTable([budgetOf(r.current, pass.ours), budgetOf(r.older, pass.older)]),
    "",
    `${verdictLine(r.current, pass.ours)}. ${verdictLine(r.older, pass.older)}.`,
  ];
}

/** Each commit's verdict over its own runs: PASS when its run passed in every pass. */
export function commitVerdicts(r: CodegenAgainstResults): string {
  const over = (commit: string, runs: readonly JobRun[]) =>
    `${commit}: ${runs.every((run) => met(commit, run)) ? "PASS" : "MISS"}`;
  return `${over(
    r.current,
    r.passes.map((pass) => pass.ours),
  )}, ${over(
    r.older,
    r.passes.map((pass) => pass.older),
  )}`;
}

export function codegenAgainstReport(r: CodegenAgainstResults): string {
  return [
    `## bench/codegen at ${r.current} beside ${r.older}, ${wholeNumber(r.codes)} codes (BENCH_AGAINST)`,
    "",
    "The same job on each commit's server, one server at a time, each its own bench/login-flood-server.ts on a fresh " +
      `database its own code seeds: ${r.current} (the run above), ${r.older}, ${r.older} again, then ${r.current} again. ` +
      "Each run's ratio is over the lists alone on its own server, just before its job.",
    "",
    ...r.passes.flatMap((pass, i) => [...passReport(r, pass, i + 1), ""]),
    `${commitVerdicts(r)} (each over its own runs; PASS: the budget met, no failed call during the job, the job done)`,
  ].join("\n");
}
