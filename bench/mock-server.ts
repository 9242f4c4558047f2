// bench/mock-server: the same workload against our mock server and against json-server
// 0.17, both loaded with the same 100,000 employees, with autocannon on loopback — a deep page
// (page=500), a filtered page, a read by id, a create — then our server alone at 1,000,000
// employees, to show the deep and the filtered page stay fast with exact totals.
// Each server runs as its own process on 127.0.0.1, one at a time. Working files: bench/.work/.
// Then the same 1,000,000 rows under a write load of 50 writes a second (write-load.ts).
// Run: npm run bench:mock-server   (BENCH_DURATION / BENCH_WARMUP: seconds per run, default 10 / 3;
// BENCH_PART=large runs only the 1,000,000-row part: lists, the write load, memory beside json-server's;
// BENCH_AGAINST=<revision>: that commit's server measured too at 100,000 rows, see against-tree.ts)
// Budgets: the read by id and the lists under writes as ratios to json-server's rate in the same run
// (BENCH_PART=large measures no json-server rate, so it does not judge the lists' rates), the lists'
// p99 under writes counted in their own requests without writes (this run); RSS absolute.
import { mkdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import * as D from "./mock-server/data";
import * as L from "./mock-server/load";
import { watchOtherLoad } from "./mock-server/machine";
import { report, type ServerRun } from "./mock-server/report";
import { startJsonServer, startOurs, versionOf, type Running } from "./mock-server/servers";
import { formatMemory, memoryOf, RSS_BUDGET_MB, type Memory } from "./mock-server/memory";
import { writeLoadReport } from "./mock-server/write-load";
import { measureLarge, type LargeRun } from "./mock-server/large";
import { engineReport } from "./mock-server/engine-report";
import { againstReport } from "./mock-server/against-report";
import { againstRevision, commitOf, prepareAgainstTree } from "./against-tree";
import { enginesFromArgs, startBenchPostgres, type BenchEngine, type BenchPostgres } from "./bench-engine";

const started = performance.now();
const otherLoad = watchOtherLoad();
const root = resolve(import.meta.dirname, "..");
const work = join(root, "bench/.work/mock-server");
mkdirSync(work, { recursive: true });
const progress = (text: string) => console.error(`· ${text}`);

const engines = enginesFromArgs();
// SQLite's run is PostgreSQL's reference, so a PostgreSQL run measures both.
const withReference: BenchEngine[] = engines.includes("pg") ? ["sqlite", "pg"] : engines;
// Bounded: the whole run gives up after 25 minutes, 15 more with PostgreSQL (children are killed by PID on exit).
const limitMinutes = 25 + (withReference.includes("pg") ? 15 : 0);
setTimeout(() => {
  console.error(`bench/mock-server: gave up after ${limitMinutes} minutes`);
  process.exit(1);
}, limitMinutes * 60_000).unref();

const SMALL = 100_000;
const LARGE = 1_000_000;
/** The filtered page: eq on status and contains on the account name, both declared filters of employees. */
const FILTER: D.Filter = {
  eq: { field: "status", value: "enabled" },
  contains: { field: "account_name", value: "wang" },
};
for (const [field, op] of [
  [FILTER.eq.field, "eq"],
  [FILTER.contains.field, "contains"],
] as const)
  if (D.EMPLOYEES.columns.find((column) => column.name === field)?.filter !== op)
    throw new Error(`employees.${field} is not a ${op} filter in the contract`);
if (!/^[a-z0-9]+$/.test(FILTER.contains.value))
  throw new Error("the contains value must be lowercase letters and digits, to mean the same on both servers");

async function runAll(start: () => Promise<Running>, workload: L.Workload): Promise<ServerRun> {
  const { server, target } = await start();
  try {
    const answers = {
      "deep page": await L.probe(target, L.readPath(target, "deep page", workload)),
      "filtered page": await L.probe(target, L.readPath(target, "filtered page", workload)),
      "read by id": await L.probeDetail(target, 4242),
    };
    const measured = new Map<L.Scenario, L.Measured>();
    for (const scenario of L.SCENARIOS) {
      progress(`${target.kind}: ${scenario} (${L.WARMUP_S} s warm-up + ${L.DURATION_S} s)`);
      measured.set(scenario, await L.measure(target, scenario, workload));
    }
    const after = await L.probe(target, L.readPath(target, "deep page", workload));
    return { answers, measured, grewBy: after.total - answers["deep page"].total };
  } finally {
    await server.stop();
  }
}

const largeOnly = process.env.BENCH_PART === "large";
const comparison = largeOnly ? undefined : await compareAt100k();

async function compareAt100k() {
  const revision = againstRevision();
  const against = revision ? await prepareAgainstTree(root, revision, join(work, "build-against.log")) : undefined;
  // 100,000 employees, the same rows on both servers.
  progress(`seeding ${SMALL.toLocaleString("en-US")} employees (the server's seeder)`);
  const smallDb = join(work, "employees-100k.db");
  const smallSeedMs = await D.seedEmployees(root, smallDb, SMALL, join(work, "seed-100k.log"));
  const smallCounts = D.exactCounts(smallDb, FILTER);
  const workload: L.Workload = { rows: SMALL, filter: FILTER, departId: D.firstDepartment(smallDb) };
  const jsonFile = join(work, "json-server-db.json");
  const jsonBefore = D.writeJsonServerDb(smallDb, jsonFile);
  // Copied before any run's creates write to the file: each BENCH_AGAINST run starts from these rows.
  const seeded = against && join(work, "employees-100k-seeded.db");
  if (seeded) await D.copyDatabase(smallDb, seeded);

  progress("our server, 100,000 employees");
  const ours = await runAll(() => startOurs(root, smallDb, join(work, "ours-100k.log")), workload);
  const olderFirst =
    against && seeded ? await measureCopy(against.root, `${against.short}-1`, seeded, async () => {}) : undefined;
  progress("json-server, 100,000 employees");
  const theirs = await runAll(() => startJsonServer(jsonFile, join(work, "json-server.log")), workload);
  // The pair again the other way round, so neither commit always runs first.
  const olderSecond =
    against && seeded ? await measureCopy(against.root, `${against.short}-2`, seeded, async () => {}) : undefined;
  const oursSecond = against && seeded ? await measureCopy(root, "current-2", seeded) : undefined;

  sameAnswers("ours", ours, theirs);
  for (const [name, run] of [
    [`ours at ${against?.short}`, olderFirst],
    [`ours at ${against?.short}`, olderSecond],
    ["ours", oursSecond],
  ] as const)
    if (run) sameAnswers(name, run, theirs);
  if (
    ours.answers["deep page"].total !== smallCounts.all ||
    ours.answers["filtered page"].total !== smallCounts.filtered
  )
    throw new Error("our totals at 100,000 differ from COUNT(*) on the file");

  const older =
    against && olderFirst && olderSecond && oursSecond
      ? {
          tree: against,
          passes: [
            { currentFirst: true, ours, older: olderFirst },
            { currentFirst: false, ours: oursSecond, older: olderSecond },
          ],
        }
      : undefined;
  return { smallSeedMs, smallCounts, ours, older, theirs, jsonBefore, jsonFile };
}

function sameAnswers(name: string, run: ServerRun, theirs: ServerRun): void {
  for (const scenario of ["deep page", "filtered page", "read by id"] as const) {
    const [a, b] = [run.answers[scenario], theirs.answers[scenario]];
    if (a.ids.join() !== b.ids.join() || a.total !== b.total)
      throw new Error(
        `${scenario}: the servers differ (${name} ${a.ids.join()} of ${a.total}, json-server ${b.ids.join()} of ${b.total})`,
      );
  }
}

/**
 * The server of the tree at `serverRoot` at 100,000 employees, on its own copy of the seeded file
 * (`build`: how that tree's server is built, this tree's by default).
 */
async function measureCopy(
  serverRoot: string,
  name: string,
  seeded: string,
  build?: () => Promise<void>,
): Promise<ServerRun> {
  const file = join(work, `employees-100k-${name}.db`);
  await D.copyDatabase(seeded, file);
  const workload: L.Workload = { rows: SMALL, filter: FILTER, departId: D.firstDepartment(file) };
  progress(`our server (${name}), 100,000 employees`);
  return runAll(() => startOurs(serverRoot, file, join(work, `ours-100k-${name}.log`), {}, build), workload);
}

// ---- 1,000,000 employees, our server alone, on each engine --------------------------------
progress(`seeding ${LARGE.toLocaleString("en-US")} employees (the server's seeder)`);
const largeDb = join(work, "employees-1m.db");
const largeSeedMs = await D.seedEmployees(root, largeDb, LARGE, join(work, "seed-1m.log"));
const largeWorkload: L.Workload = { rows: LARGE, filter: FILTER, departId: D.firstDepartment(largeDb) };
const runs = new Map<BenchEngine, LargeRun>();
let postgres: BenchPostgres | undefined;
let pgSeedMs = 0;
try {
  const locations = new Map<BenchEngine, string>([["sqlite", largeDb]]);
  if (withReference.includes("pg")) {
    // Copied before SQLite's run, whose writes change the file: both engines start from the same rows.
    postgres = await startBenchPostgres(join(root, "bench/.work"));
    const url = await postgres.createDatabase("lists");
    progress(`pg: copying the ${LARGE.toLocaleString("en-US")} employees of the SQLite file`);
    pgSeedMs = await D.seedPostgresFrom(root, largeDb, url, LARGE, join(work, "seed-1m-pg.log"));
    locations.set("pg", url);
  }
  for (const engine of withReference)
    runs.set(engine, await measureLarge(root, work, engine, locations.get(engine)!, largeWorkload));
} finally {
  postgres?.remove();
}
const sqliteLarge = runs.get("sqlite")!;
const large = { ...sqliteLarge, seedMs: largeSeedMs };

// json-server at the same 1,000,000 rows: its memory idle after loading them, and its peak after
// one request of each read scenario (it keeps every row in memory; a full load run would take hours).
progress("json-server, 1,000,000 employees: memory idle and after one request of each read scenario");
const largeJson = join(work, "json-server-db-1m.json");
D.writeJsonServerDb(largeDb, largeJson);
const theirsLarge = await startJsonServer(largeJson, join(work, "json-server-1m.log"), 600_000);
let theirsIdle: Memory | undefined;
let theirsPeak: Memory | undefined;
try {
  theirsIdle = memoryOf(theirsLarge.server.pid);
  for (const scenario of ["deep page", "filtered page"] as const)
    await L.probe(theirsLarge.target, L.readPath(theirsLarge.target, scenario, largeWorkload), 600_000);
  await L.probeDetail(theirsLarge.target, 4242);
  theirsPeak = memoryOf(theirsLarge.server.pid);
} finally {
  await theirsLarge.server.stop();
}

if (comparison)
  console.log(
    report({
      filter: FILTER,
      small: { rows: SMALL, seedMs: comparison.smallSeedMs, counts: comparison.smallCounts },
      ours: comparison.ours,
      theirs: comparison.theirs,
      jsonBytes: { before: comparison.jsonBefore, after: statSync(comparison.jsonFile).size },
      large,
      anchor: D.SEED_ANCHOR,
      elapsedMs: performance.now() - started,
      otherLoad: otherLoad(),
    }),
    "\n",
  );
const current = comparison?.older && commitOf(root);
if (comparison?.older && current)
  console.log(
    againstReport({
      filter: FILTER,
      rows: SMALL,
      current,
      older: comparison.older.tree.short,
      passes: comparison.older.passes,
      theirs: comparison.theirs,
    }),
    "\n",
  );
// The lists' reference: json-server's rate for the same page at 100,000 rows, measured earlier in this run.
const jsonServerPages = comparison && {
  "filtered page": comparison.theirs.measured.get("filtered page")!.rps,
  "deep page": comparison.theirs.measured.get("deep page")!.rps,
};
// The p99s' reference: our own rate for the same page at 1,000,000 rows without writes, measured above.
const quietPages = {
  "filtered page": large.measured.get("filtered page")!.rps,
  "deep page": large.measured.get("deep page")!.rps,
};
console.log(writeLoadReport(sqliteLarge.writeLoad, LARGE, jsonServerPages, quietPages), "\n");
const pgLarge = runs.get("pg");
if (pgLarge && postgres) console.log(engineReport(sqliteLarge, pgLarge, postgres.major, pgSeedMs), "\n");
const oursMemory = sqliteLarge.memory;
const memoryVerdict = oursMemory ? (oursMemory.rssMb < RSS_BUDGET_MB ? "PASS" : "MISS") : "unmeasured";
console.log(
  [
    `## Memory at ${LARGE.toLocaleString("en-US")} employees`,
    "",
    `Ours after the list benchmark: ${formatMemory(oursMemory)}: ${memoryVerdict} (budget RSS < ${RSS_BUDGET_MB} MB).`,
    `json-server ${versionOf("json-server")}: idle after loading the rows ${formatMemory(theirsIdle)}; ` +
      `after one deep page, one filtered page and one read by id ${formatMemory(theirsPeak)}.`,
  ].join("\n"),
);
if ([...runs.values()].some((run) => run.writeLoad.mismatches.length)) process.exitCode = 1;
