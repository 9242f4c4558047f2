// bench/export: the employees list exported server-side at 1,000,000 rows, as CSV and
// as XLSX, while 2 connections keep reading other calls (a list page and a read by id). Prints, per
// format: seconds, rows, MB written, the server's RSS growth during the export (sampled from /proc
// every 50 ms) and the other calls' p50/p99. References measured in the same run: the export's floor
// (bench/export-floor.ts: the same rows read and joined into lines in this process) and the other calls
// alone, just before the exports. Budgets (bench/ratio-budget.ts): each export's time over the floor's,
// the other calls' p99 during it counted in their calls alone (p99 × their rate alone), and RSS growth
// < 50 MB (absolute) → PASS/MISS. The peer is the console's own former export: the client-side CSV
// capped at 10,000 rows.
// `--engine pg` (or `both`) runs the same exports on a throwaway PostgreSQL cluster too
// (bench-engine.ts), on the very rows of SQLite's file copied into it, after SQLite's, which is its
// reference: each PostgreSQL export's time over
// SQLite's in the same run < 1.5×; the other calls' p99 and RSS budgets are the same on both.
// Run: npm run bench:export [-- --engine sqlite|pg|both]   (BENCH_ROWS: rows, default 1000000;
// BENCH_FORMATS: csv,xlsx; BENCH_AGAINST=<revision>: that commit's server measured too, SQLite only,
// see against-tree.ts and export-against.ts)
import autocannon from "autocannon";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { exportFloor, type Floor } from "./export-floor";
import * as D from "./mock-server/data";
import { memoryOf } from "./mock-server/memory";
import { startOurs, type Running } from "./mock-server/servers";
import type { Target } from "./mock-server/load";
import { clusterLine, enginesFromArgs, startBenchPostgres, type BenchEngine, type BenchPostgres } from "./bench-engine";
import { allPass, ratioTable, timeOverReference, type RatioBudget } from "./ratio-budget";
import { EXPORT_BUDGET, p99InCallsAlone, rssAndCallsMet, timeOverFloor, type ExportResult } from "./export-verdict";
import { exportAgainstReport, type TreeRun } from "./export-against";
import { againstRevision, commitOf, prepareAgainstTree } from "./against-tree";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** BENCH_FORMATS=csv runs one format only. */
const FORMATS = (process.env.BENCH_FORMATS ?? "csv,xlsx")
  .split(",")
  .filter((f): f is "csv" | "xlsx" => f === "csv" || f === "xlsx");
/** A PostgreSQL export's seconds over SQLite's, same rows and format, same run. */
const PG_OVER_SQLITE = 1.5;
const root = resolve(import.meta.dirname, "..");
const work = join(root, "bench/.work/export");
mkdirSync(work, { recursive: true });
const SQLITE_FILE = join(work, "employees.db");
const engines = enginesFromArgs();
// SQLite's export is PostgreSQL's reference, so a PostgreSQL run measures both.
const withReference: BenchEngine[] = engines.includes("pg") ? ["sqlite", "pg"] : engines;
const revision = againstRevision();
if (revision && engines.includes("pg"))
  throw new Error(
    `BENCH_AGAINST=${revision} measures the older commit on SQLite only: run it without --engine pg or both`,
  );
const against = revision ? await prepareAgainstTree(root, revision, join(work, "build-against.log")) : undefined;
/** The seeded rows, kept before any server opens the file: each BENCH_AGAINST run gets its own copy. */
const SEEDED_FILE = join(work, "employees-seeded.db");
setTimeout(
  () => {
    console.error("bench/export: gave up after 20 minutes a server run");
    process.exit(1);
  },
  // BENCH_AGAINST adds three: the older commit's twice, this tree's again.
  (withReference.length + (against ? 3 : 0)) * 20 * 60_000,
).unref();

/** The other calls alone: their rate and latencies, the reference of their p99 during an export. */
const aloneOf = (alone: autocannon.Result): TreeRun["alone"] => ({
  perSecond: alone.requests.total / (alone.duration || 4),
  p50: alone.latency.p50,
  p99: alone.latency.p99,
});

/** The other calls: until stopped during an export, for `seconds` alone before the exports. */
const otherCalls = (target: Target, seconds = 3600) =>
  autocannon({
    url: target.base,
    connections: 2,
    duration: seconds,
    headers: { Token: target.token! },
    requests: [
      { method: "GET", path: "/api/org/employees/pagelist?page=3&size=10" },
      { method: "GET", path: "/api/org/employees/detail?id=4242" },
    ],
  });

async function exportOnce({ server, target }: Running, format: "csv" | "xlsx"): Promise<ExportResult> {
  const baseline = memoryOf(server.pid)?.rssMb ?? NaN;
  let peak = baseline;
  const sampler = setInterval(() => {
    const now = memoryOf(server.pid)?.rssMb;
    if (now !== undefined && now > peak) peak = now;
  }, 50);
  const others = otherCalls(target);
  const started = performance.now();
  const response = await fetch(`${target.base}/api/org/employees/export?format=${format}&lang=en`, {
    headers: { Token: target.token! },
    signal: AbortSignal.timeout(600_000),
  });
  if (!response.ok) throw new Error(`export ${format}: HTTP ${response.status} ${await response.text()}`);
  let bytes = 0;
  let newlines = 0;
  // Only BENCH_AGAINST compares the commits' CSVs; the default run's export stays as it was measured.
  const hash = against && format === "csv" ? createHash("sha1") : undefined;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    hash?.update(chunk);
    if (format === "csv") for (const byte of chunk) if (byte === 10) newlines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  others.stop();
  const load = await others;
  clearInterval(sampler);
  const total = Number(response.headers.get("x-total-count"));
  if (format === "csv" && newlines !== total + 1) throw new Error(`CSV had ${newlines} lines for ${total} rows`);
  return {
    format,
    seconds,
    rows: total,
    mb: bytes / 2 ** 20,
    rssGrowthMb: peak - baseline,
    p50: load.latency.p50,
    p99: load.latency.p99,
    errors: load.errors + load.non2xx,
    digest: hash?.digest("hex"),
  };
}

interface EngineRun {
  readonly engine: BenchEngine;
  readonly results: ExportResult[];
  readonly alone: autocannon.Result;
  /** The export's floor, SQLite's file only (its reader is better-sqlite3). */
  readonly floor?: Floor;
  readonly seedSeconds: number;
}

async function measure(engine: BenchEngine, location: string): Promise<EngineRun> {
  console.error(`· ${engine}: seeding ${ROWS.toLocaleString("en-US")} employees`);
  // PostgreSQL gets the very rows of SQLite's file, seeded just before (bench/mock-server/copy-to-postgres.ts).
  const log = join(work, `seed-${engine}.log`);
  const seedSeconds =
    (engine === "pg"
      ? await D.seedPostgresFrom(root, SQLITE_FILE, location, ROWS, log)
      : await D.seedEmployees(root, location, ROWS, log)) / 1000;
  if (engine === "sqlite" && against) await D.copyDatabase(location, SEEDED_FILE);
  const floor = engine === "sqlite" ? medianFloor(location) : undefined;
  const running = await startOurs(root, location, join(work, `server-${engine}.log`));
  return { engine, ...(await exportAll(running, engine)), floor, seedSeconds };
}

function medianFloor(file: string): Floor {
  console.error("· the export's floor (median of 3)");
  return [0, 1, 2].map(() => exportFloor(file, "employees")).sort((a, b) => a.seconds - b.seconds)[1];
}

/** The other calls alone, then each format's export, on a started server; the server is stopped after. */
async function exportAll(running: Running, name: string) {
  const results: ExportResult[] = [];
  try {
    console.error(`· ${name}: the other calls alone`);
    const alone = await otherCalls(running.target, 4);
    for (const format of FORMATS) {
      console.error(`· ${name}: exporting ${format}`);
      results.push(await exportOnce(running, format));
    }
    return { results, alone };
  } finally {
    await running.server.stop();
  }
}

/**
 * The server of the tree at `serverRoot` on its own copy of the seeded rows, its floor measured on that
 * copy just before it starts (`build`: how that tree's server is built, this tree's by default).
 */
async function measureCopy(serverRoot: string, name: string, build?: () => Promise<void>): Promise<TreeRun> {
  const file = join(work, `employees-${name}.db`);
  await D.copyDatabase(SEEDED_FILE, file);
  const floor = medianFloor(file);
  const running = await startOurs(serverRoot, file, join(work, `server-${name}.log`), {}, build);
  const { results, alone } = await exportAll(running, name);
  return { results, floor, alone: aloneOf(alone) };
}

let postgres: BenchPostgres | undefined;
const runs: EngineRun[] = [];
try {
  for (const engine of withReference) {
    if (engine === "pg") {
      postgres = await startBenchPostgres(join(root, "bench/.work"));
      runs.push(await measure(engine, await postgres.createDatabase("export")));
    } else runs.push(await measure(engine, SQLITE_FILE));
  }
} finally {
  postgres?.remove();
}

const sqliteRun = runs.find((run) => run.engine === "sqlite")!;
// The pair again, the older commit first this time (ours, the older, the older, ours): neither always runs first.
const older = against && {
  first: await measureCopy(against.root, `${against.short}-1`, async () => {}),
  second: await measureCopy(against.root, `${against.short}-2`, async () => {}),
  oursSecond: await measureCopy(root, "current-2"),
};
if (older)
  for (const [name, run] of [
    [`${against.short} (first)`, older.first],
    [`${against.short} (second)`, older.second],
    ["ours (second)", older.oursSecond],
  ] as const)
    for (const result of run.results) {
      const ours = sqliteRun.results.find((r) => r.format === result.format)!;
      if (result.rows !== ours.rows || result.digest !== ours.digest)
        throw new Error(
          `${result.format}: the servers answered differently (ours ${ours.rows} rows, ${ours.digest ?? "–"}; ` +
            `${name} ${result.rows} rows, ${result.digest ?? "–"})`,
        );
    }
console.log(
  `## bench/export: ${ROWS.toLocaleString("en-US")} employees exported server-side (node ${process.version})\n`,
);
if (postgres) console.log(`${clusterLine(postgres.major)}\n`);
const floor = sqliteRun.floor!;
const aloneRateOf = (run: EngineRun) => aloneOf(run.alone).perSecond;
console.log(
  `floor: ${floor.rows.toLocaleString("en-US")} rows read from SQLite and joined into lines in ${floor.seconds.toFixed(2)} s ` +
    `(${(floor.bytes / 2 ** 20).toFixed(1)} MB)`,
);
for (const run of runs)
  console.log(
    `${run.engine}: seeded in ${run.seedSeconds.toFixed(0)} s; the other calls alone: ${Math.round(aloneRateOf(run)).toLocaleString("en-US")} calls/s, ` +
      `p50 ${run.alone.latency.p50} ms, p99 ${run.alone.latency.p99} ms`,
  );
console.log(
  "\n| engine | format | rows | MB | seconds | RSS growth MB | other calls p50 / p99 ms | failed calls | RSS and calls |",
);
console.log("|---|---|---:|---:|---:|---:|---:|---:|---|");
const budgets: RatioBudget[] = [];
let met = true;
for (const run of runs)
  for (const r of run.results) {
    const absolute = rssAndCallsMet(r);
    met &&= absolute;
    console.log(
      `| ${run.engine} | ${r.format} | ${r.rows.toLocaleString("en-US")} | ${r.mb.toFixed(1)} | ${r.seconds.toFixed(1)} | ${r.rssGrowthMb.toFixed(1)} | ${r.p50} / ${r.p99} | ${r.errors} | ${absolute ? "PASS" : "MISS"} |`,
    );
    const onSqlite = sqliteRun.results.find((other) => other.format === r.format)!;
    budgets.push(
      run.engine === "sqlite"
        ? timeOverFloor(`${r.format}: the export's time over the floor's`, r, floor)
        : timeOverReference({
            what: `${run.engine} ${r.format}: the export's time over SQLite's`,
            ms: r.seconds * 1000,
            reference: { name: "SQLite's export", ms: onSqlite.seconds * 1000 },
            budget: PG_OVER_SQLITE,
          }),
      p99InCallsAlone(
        `${run.engine} ${r.format}: the other calls' p99 during it, in their calls alone`,
        r,
        aloneRateOf(run),
      ),
    );
  }
met &&= allPass(budgets);
console.log(`\n${ratioTable(budgets)}\n`);
console.log(
  `${met ? "PASS" : "MISS"} (the budgets above, RSS growth < ${EXPORT_BUDGET.rssGrowthMb} MB, no failed call). ` +
    "The console's former export (client-side CSV) stopped at 10,000 rows.",
);
if (against && older)
  console.log(
    `\n${exportAgainstReport({
      rows: ROWS,
      current: commitOf(root),
      older: against.short,
      passes: [
        {
          currentFirst: true,
          ours: { results: sqliteRun.results, floor, alone: aloneOf(sqliteRun.alone) },
          older: older.first,
        },
        { currentFirst: false, ours: older.oursSecond, older: older.second },
      ],
    })}`,
  );
process.exitCode = met ? 0 : 1;
