// BENCH_AGAINST's tables for bench:export: the same exports by this tree's server and by an older
// commit's, in the same run on the same rows, each judged on its own references (the floor measured
// just before its server started, the other calls alone on its own server), so the two commits'
// verdicts read line by line; one table per pass, the pair run in one order and then in the other,
// so neither commit always runs first.
import type { Floor } from "./export-floor";
import { p99InCallsAlone, rssAndCallsMet, timeOverFloor, type ExportResult } from "./export-verdict";
import { allPass, ratioTable, type RatioBudget } from "./ratio-budget";
import { passHeading, type AgainstPass } from "./against-tree";

/** One commit's server measured once: its exports and their references. */
export interface TreeRun {
  readonly results: readonly ExportResult[];
  readonly floor: Floor;
  /** The other calls alone on this server, just before its exports. */
  readonly alone: { readonly perSecond: number; readonly p50: number; readonly p99: number };
}

export interface ExportAgainstResults {
  readonly rows: number;
  /** This tree's commit and the older one, 7 digits each. */
  readonly current: string;
  readonly older: string;
  readonly passes: readonly AgainstPass<TreeRun>[];
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");

function budgetsOf(commit: string, run: TreeRun): RatioBudget[] {
  return run.results.flatMap((r) => [
    timeOverFloor(`${commit} ${r.format}: the export's time over its floor's`, r, run.floor),
    p99InCallsAlone(
      `${commit} ${r.format}: the other calls' p99 during it, in their calls alone`,
      r,
      run.alone.perSecond,
    ),
  ]);
}

function rows(commit: string, run: TreeRun): string[] {
  return run.results.map((r) => {
    const absolute = rssAndCallsMet(r) ? "PASS" : "MISS";
    return (
      `| ${commit} | ${r.format} | ${int(r.rows)} | ${r.mb.toFixed(1)} | ${r.seconds.toFixed(1)} | ${run.floor.seconds.toFixed(2)} | ` +
      `${r.rssGrowthMb.toFixed(1)} | ${r.p50} / ${r.p99} | ${int(run.alone.perSecond)} | ${r.errors} | ${absolute} |`
    );
  });
}

/** PASS when every budget of this commit's run is met, its RSS growth under budget and no call failed. */
const verdictOf = (commit: string, run: TreeRun): string =>
  `${commit}: ${allPass(budgetsOf(commit, run)) && run.results.every(rssAndCallsMet) ? "PASS" : "MISS"}`;

function passReport(r: ExportAgainstResults, pass: AgainstPass<TreeRun>, n: number): string[] {
  return [
    passHeading(n, r.current, r.older, pass),
    "",
    "| commit | format | rows | MB | seconds | its floor s | RSS growth MB | other calls p50 / p99 ms | other calls alone calls/s | failed calls | RSS and calls |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows(r.current, pass.ours),
    ...rows(r.older, pass.older),
    "",
    ratioTable([...budgetsOf(r.current, pass.ours), ...budgetsOf(r.older, pass.older)]),
    "",
    `${verdictOf(r.current, pass.ours)}. ${verdictOf(r.older, pass.older)}.`,
  ];
}

export function exportAgainstReport(r: ExportAgainstResults): string {
  // bench/export.ts refuses a run whose CSVs differ between the commits.
  const csv = r.passes.some((pass) => pass.ours.results.some((result) => result.format === "csv"));
  return [
    `## bench/export at ${r.current} beside ${r.older}, ${int(r.rows)} employees, SQLite (BENCH_AGAINST)`,
    "",
    `Each server on its own copy of the same seeded file (the same rows${csv ? "; every CSV the same bytes" : ""}), one at a time: ` +
      `${r.current} (the run above), ${r.older}, ${r.older} again, then ${r.current} again. ` +
      "Each run's ratios are over its own floor, measured on its copy just before its server started, " +
      "and over the other calls alone on its own server.",
    "",
    ...r.passes.flatMap((pass, i) => [...passReport(r, pass, i + 1), ""]),
  ].join("\n");
}
