// bench/db-engines: what the asynchronous database interface costs, and which library to build it
// on (docs/decisions/0013). One process and, for PostgreSQL, one throwaway server beside it (synced
// commits, like SQLite's synchronous=FULL, its data on the same disk as the SQLite file):
//   - SQLite: the synchronous Store the server runs on today (the reference), our engine over
//     better-sqlite3, and Kysely's SqliteDialect over the same driver;
//   - PostgreSQL: our engine over a pg pool (statements prepared, and unprepared), Kysely's
//     PostgresDialect over a pg pool, and postgres.js (porsager).
// Each does, for BENCH_SECONDS (default 3) per figure: a read by primary key, 50 rows of an index
// range, and a write transaction of two statements, one caller at a time; then BENCH_PARALLEL
// (default 16) callers running the write transaction side by side, and on SQLite the same grouped
// (one commit and one fsync per turn of the event loop, as the public scan commits). The candidates
// of an engine take turns in BENCH_ROUNDS slices (default 6), so load from other jobs on the cores
// falls on all of them alike. BENCH_ROWS items (default 100,000). Prints ops/s and p99 per figure,
// and this process's CPU time per op (which other load moves far less than the wall time), and each
// candidate's ops/s over its engine's reference, round by round (decision 0006).
// Run: npm run bench:db-engines (about 2 minutes; needs PostgreSQL 15+, else the SQLite half alone).
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { findPostgres, startTestCluster, type TestCluster } from "../mock-server/db/pg/test-cluster";
import { removeDatabaseFiles } from "../mock-server/db/open-database";
import type { Engine } from "../mock-server/db/engine/engine";
import { PgEngine } from "../mock-server/db/engine/pg-engine";
import { SqliteEngine } from "../mock-server/db/engine/sqlite-engine";
import {
  RANGE_ROWS,
  kyselyPgCandidate,
  kyselySqliteCandidate,
  pgEngineCandidate,
  postgresJsCandidate,
  sqliteEngineCandidate,
  storeCandidate,
  type Candidate,
} from "./db-engines-candidates";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const WARM_MS = 200;
const GROUPS = Math.max(1, Math.floor(ROWS / RANGE_ROWS));
const work = resolve(import.meta.dirname, ".work/db-engines");
const file = join(work, "engines.db");

interface Figure {
  readonly opsPerSecond: number;
  readonly p99Ms: number;
  /** ops/s in each round, for the ratio of each round to the reference's. */
  readonly rounds: readonly number[];
  /**
   * This process's CPU time per op (all its threads: the driver, the checkpoint worker), in µs.
   * Other load on the cores stretches the wall time far more than it moves this.
   */
  readonly cpuMicros: number;
}

type Op = "point" | "range" | "write" | "parallel" | "grouped";
const OPS: readonly { readonly op: Op; readonly title: string; readonly callers: number }[] = [
  { op: "point", title: "read by id", callers: 1 },
  { op: "range", title: `range read (${RANGE_ROWS} rows)`, callers: 1 },
  { op: "write", title: "write tx (2 statements)", callers: 1 },
  { op: "parallel", title: `${PARALLEL} parallel write tx`, callers: PARALLEL },
  { op: "grouped", title: `${PARALLEL} parallel, grouped`, callers: PARALLEL },
];

function callOf(candidate: Candidate, op: Op): ((id: number) => Promise<unknown>) | undefined {
  switch (op) {
    case "point":
      return (id) => candidate.pointRead(id);
    case "range":
      return (id) => candidate.rangeRead(id % GROUPS);
    case "write":
    case "parallel":
      return (id) => candidate.writeTransaction(id);
    case "grouped":
      return candidate.groupedWrite && candidate.engine === "sqlite" ? (id) => candidate.groupedWrite!(id) : undefined;
  }
}

/** The same pseudo-random ids for every candidate (mulberry32). */
function randomIds(seed: number, below: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % below) + 1;
  };
}

/** `callers` loops calling `call` for `ms`; the duration of each call when `durations` is given. */
async function drive(call: (id: number) => Promise<unknown>, callers: number, ms: number, durations?: number[]) {
  const next = randomIds(durations?.length ?? 7, ROWS);
  const until = performance.now() + ms;
  const loop = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await call(next());
      durations?.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: callers }, loop));
}

/**
 * Each figure in ROUNDS slices, the candidates taking turns slice by slice: other load on the shared
 * cores then falls on every candidate alike, and each round gives a ratio to the reference.
 */
async function measureTurnByTurn(candidates: readonly Candidate[]): Promise<Map<Op, Figure>[]> {
  const results = candidates.map(() => new Map<Op, Figure>());
  const sliceMs = (SECONDS * 1000) / ROUNDS;
  for (const { op, callers } of OPS) {
    const calls = candidates.map((candidate) => callOf(candidate, op));
    for (const call of calls) if (call) await drive(call, callers, WARM_MS);
    const durations = candidates.map(() => [] as number[]);
    const rounds = candidates.map(() => [] as number[]);
    const cpu = candidates.map(() => 0);
    for (let round = 0; round < ROUNDS; round += 1)
      for (const [i, call] of calls.entries()) {
        if (!call) continue;
        const before = durations[i].length;
        const started = performance.now();
        const cpuBefore = process.cpuUsage();
        await drive(call, callers, sliceMs, durations[i]);
        const used = process.cpuUsage(cpuBefore);
        cpu[i] += used.user + used.system;
        rounds[i].push((durations[i].length - before) / ((performance.now() - started) / 1000));
      }
    for (const [i, call] of calls.entries()) {
      if (!call) continue;
      const sorted = durations[i].sort((a, b) => a - b);
      results[i].set(op, {
        opsPerSecond: rounds[i].reduce((sum, rate) => sum + rate, 0) / rounds[i].length,
        p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))],
        rounds: rounds[i],
        cpuMicros: cpu[i] / sorted.length,
      });
    }
    console.log(`  measured ${op}`);
  }
  for (const candidate of candidates) await candidate.close();
  return results;
}

/** The same rows on both engines: ROWS items, each of GROUPS groups holding RANGE_ROWS scattered ones. */
async function seed(engine: Engine, series: string): Promise<void> {
  const { types, idColumn } = engine.dialect;
  await engine.exec(`
    CREATE TABLE items (id ${idColumn}, sku ${types.text} NOT NULL, grp ${types.integer} NOT NULL,
      qty ${types.integer} NOT NULL, note ${types.text} NOT NULL);
    CREATE TABLE moves (id ${idColumn}, item_id ${types.integer} NOT NULL, qty ${types.integer} NOT NULL,
      at ${types.timestamp} NOT NULL);
  `);
  await engine.exec(`
    ${series}
    INSERT INTO items (sku, grp, qty, note)
    SELECT 'SKU-' || i, (i - 1) % ${GROUPS}, 0, 'a note of some forty characters, as rows have' FROM s;
    CREATE INDEX items_grp ON items (grp);
    CREATE INDEX moves_item ON moves (item_id);
  `);
  await engine.exec("ANALYZE");
  await engine.close();
}

const formatRate = (figure: Figure | undefined) =>
  figure
    ? `${Math.round(figure.opsPerSecond).toLocaleString("en-US")}/s · p99 ${figure.p99Ms.toFixed(2)} ms · ` +
      `${figure.cpuMicros < 10 ? figure.cpuMicros.toFixed(1) : Math.round(figure.cpuMicros)} µs CPU`
    : "–";

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** The candidate's ops/s over the reference's, round by round: the median, and the range. */
function share(figure: Figure | undefined, reference: Figure | undefined): string {
  if (!figure || !reference) return "–";
  const ratios = figure.rounds.map((rate, round) => rate / reference.rounds[round]);
  const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
  return `${percent(median(ratios))} (${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))})`;
}

function report(title: string, candidates: readonly Candidate[], results: readonly Map<Op, Figure>[]): void {
  const ops = OPS.filter(({ op }) => results.some((figures) => figures.has(op)));
  const header = `| candidate | ${ops.map(({ title }) => title).join(" | ")} |\n|---|${ops.map(() => "---:").join("|")}|`;
  console.log(`\n${title}\n\n${header}`);
  for (const [i, candidate] of candidates.entries())
    console.log(`| ${candidate.name} | ${ops.map(({ op }) => formatRate(results[i].get(op))).join(" | ")} |`);
  console.log(`\nops/s over ${candidates[0].name}'s, same round: median of ${ROUNDS} (lowest–highest)\n\n${header}`);
  for (const [i, candidate] of candidates.entries())
    if (i > 0)
      console.log(
        `| ${candidate.name} | ${ops.map(({ op }) => share(results[i].get(op), results[0].get(op))).join(" | ")} |`,
      );
}

async function main(): Promise<void> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  console.log(`db-engines: ${ROWS.toLocaleString("en-US")} items, ${SECONDS} s a figure, node ${process.version}`);

  removeDatabaseFiles(file);
  await seed(
    new SqliteEngine(file),
    `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${ROWS})`,
  );
  const sqlite = [storeCandidate(file), sqliteEngineCandidate(file), kyselySqliteCandidate(file)];
  const sqliteResults = await measureTurnByTurn(sqlite);

  let cluster: TestCluster | undefined;
  let postgres: Candidate[] = [];
  let postgresResults: Map<Op, Figure>[] = [];
  if (findPostgres()) {
    cluster = startTestCluster({ durable: true, parent: work, database: "bench" });
    await seed(new PgEngine(cluster.url), `WITH s(i) AS (SELECT generate_series(1, ${ROWS}))`);
    postgres = [
      pgEngineCandidate(cluster.url),
      pgEngineCandidate(cluster.url, false),
      kyselyPgCandidate(cluster.url),
      postgresJsCandidate(cluster.socketFolder, "bench"),
    ];
    postgresResults = await measureTurnByTurn(postgres);
  } else console.log("PostgreSQL 15+ is not installed: the SQLite half alone.");

  report("SQLite (WAL, synchronous=FULL)", sqlite, sqliteResults);
  if (cluster) {
    report(`PostgreSQL ${cluster.major} (fsync on, over a Unix socket, pools of 10)`, postgres, postgresResults);
    cluster.remove();
  }
  rmSync(work, { recursive: true, force: true });
}

await main();
