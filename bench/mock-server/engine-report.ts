// PostgreSQL's lists at 1,000,000 rows beside SQLite's in the same run (`--engine pg`): the same
// rows (copied from SQLite's file), the same pages, the same 50 writes a second. Budgets (issue's
// PostgreSQL budgets, on this 2-core machine with the database sharing the cores), as same-run
// ratios (docs/decisions/0006): each page under writes at ≥ half SQLite's rate for it in this run;
// its p99 counted in SQLite's requests for the same page without writes (this run) ≤ 65, which is
// the 15 ms at the rates where SQLite's own budget was set; the writes kept at ≥ 95% of 50 a
// second (a list measured under fewer writes is not measured under the load); totals exact.
// The absolute p99 < 15 ms is printed beside.
import { clusterLine } from "../bench-engine";
import { formatMs, p99InReferenceRequests, ratioTable, verdictOf, type RatioBudget } from "../ratio-budget";
import type { LargeRun } from "./large";
import { formatMemory } from "./memory";
import { MAX_P99_IN_QUIET_REQUESTS, WRITES_PER_S } from "./write-load";

/** PostgreSQL's rate under writes over SQLite's for the same page in the same run. */
export const MIN_PG_OVER_SQLITE = 0.5;
/** PostgreSQL's p99 under writes, absolute: the figure for this machine (printed, not judged). */
export const MAX_PG_P99_MS = 15;
/** The writes answered during each page's run, as a share of the 50 a second asked. */
export const MIN_WRITE_PACE = 0.95;

type Page = "filtered page" | "deep page";
const PAGES: readonly Page[] = ["filtered page", "deep page"];
const int = (n: number) => Math.round(n).toLocaleString("en-US");

export function engineReport(sqlite: LargeRun, postgres: LargeRun, major: number, seedMs: number): string {
  const lines = [
    `## Lists under writes on PostgreSQL, ${int(postgres.rows)} employees, beside SQLite (same run)`,
    "",
    `${clusterLine(major)}. Rows: SQLite's file copied in ${(seedMs / 1000).toFixed(0)} s.`,
    "",
    "| page | engine | rps without writes | rps under writes | p50 ms | p99 ms | writes/s during it | a write's p99 ms | failed | totals checked | first request ms |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|",
  ];
  for (const page of PAGES)
    for (const [name, run] of [
      ["SQLite", sqlite],
      ["PostgreSQL", postgres],
    ] as const) {
      const under = run.writeLoad.runs[page];
      const first = page === "deep page" ? run.cold.deep : run.cold.filtered;
      const totals = run.writeLoad.mismatches.length ? `${run.writeLoad.mismatches.length} differed` : "exact";
      lines.push(
        `| ${page} | ${name} | ${int(run.measured.get(page)!.rps)} | ${int(under.rps)} | ${under.p50} | ${under.p99} | ${under.writesPerS.toFixed(1)} | ${Math.round(under.writeP99)} | ${under.failures} | ${totals} (${run.writeLoad.checks}) | ${int(first.ms)} |`,
      );
    }
  const budgets: RatioBudget[] = [];
  let met = postgres.writeLoad.mismatches.length === 0;
  for (const page of PAGES) {
    const pg = postgres.writeLoad.runs[page];
    const lite = sqlite.writeLoad.runs[page];
    met &&= pg.failures === 0;
    budgets.push({
      what: `PostgreSQL ${page} under writes over SQLite's`,
      figure: `${int(pg.rps)} req/s`,
      reference: `SQLite ${int(lite.rps)} req/s`,
      ratio: pg.rps / lite.rps,
      bound: "≥",
      budget: MIN_PG_OVER_SQLITE,
      format: (ratio) => `${ratio.toFixed(2)}×`,
      atThisReference: `${int(MIN_PG_OVER_SQLITE * lite.rps)} req/s in this run`,
    });
  }
  for (const page of PAGES)
    budgets.push(
      p99InReferenceRequests({
        what: `PostgreSQL ${page} under writes: p99 in SQLite's requests for it without writes`,
        p99Ms: postgres.writeLoad.runs[page].p99,
        reference: { name: `SQLite ${page} without writes`, perSecond: sqlite.measured.get(page)!.rps },
        budget: MAX_P99_IN_QUIET_REQUESTS,
      }),
    );
  for (const page of PAGES)
    budgets.push({
      what: `PostgreSQL ${page}: writes answered during it over the ${WRITES_PER_S} a second asked`,
      figure: `${postgres.writeLoad.runs[page].writesPerS.toFixed(1)} writes/s`,
      reference: `${WRITES_PER_S} writes/s`,
      ratio: postgres.writeLoad.runs[page].writesPerS / WRITES_PER_S,
      bound: "≥",
      budget: MIN_WRITE_PACE,
      format: (ratio) => `${Math.round(ratio * 100)}%`,
      atThisReference: `${(MIN_WRITE_PACE * WRITES_PER_S).toFixed(1)} writes/s`,
    });
  const p99s = PAGES.map((page) => {
    const p99 = postgres.writeLoad.runs[page].p99;
    const pass = p99 < MAX_PG_P99_MS;
    return `${page} p99 ${formatMs(p99)} (SQLite ${formatMs(sqlite.writeLoad.runs[page].p99)}): ${pass ? "under" : "over"}`;
  });
  met &&= budgets.every((budget) => verdictOf(budget) === "PASS");
  lines.push(
    "",
    ratioTable(budgets),
    "",
    `PostgreSQL's p99 under writes beside the issue's absolute ${MAX_PG_P99_MS} ms (printed, not judged: the ratio above is): ${p99s.join("; ")}.`,
    `Totals on PostgreSQL checked against COUNT(*) ${postgres.writeLoad.checks} times with the writer paused: ` +
      (postgres.writeLoad.mismatches.length
        ? `**${postgres.writeLoad.mismatches.length} differed**: ${postgres.writeLoad.mismatches.slice(0, 3).join("; ")}.`
        : "all exact.") +
      ` Server memory before the write load: SQLite ${formatMemory(sqlite.memory)}, PostgreSQL ${formatMemory(postgres.memory)} (the database's own processes not counted).`,
    `PostgreSQL lists under writes: ${met ? "PASS" : "MISS"}.`,
  );
  return lines.join("\n");
}
