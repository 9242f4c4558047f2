// Which database engine a bench runs the server on: `--engine sqlite|pg|both` (default sqlite, so
// `npm run bench:*` measures what it always measured). For pg, a throwaway PostgreSQL cluster
// (mock-server/db/pg/test-cluster.ts) with one database per use; the server is handed its
// postgres:// URL where it would take a SQLite file (DATABASE_URL, --db-file, buildApp's dbFile).
// The cluster syncs commits (fsync and synchronous_commit on), as SQLite's synchronous=FULL does,
// so both engines pay for the same durability; it is tuned only where a default is sized for a
// tiny machine (buffers, WAL size, planner costs for a disk that is not spinning). It is stopped and
// removed at the end, on an error, and on Ctrl-C or SIGTERM.
import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { findPostgres, startTestCluster, type TestCluster } from "../mock-server/db/pg/test-cluster";

export type BenchEngine = "sqlite" | "pg";

/** The engines `--engine` names, in the order a bench runs them (SQLite first: the reference). */
export function enginesFromArgs(argv: readonly string[] = process.argv.slice(2)): BenchEngine[] {
  const { values } = parseArgs({
    args: [...argv],
    options: { engine: { type: "string", default: "sqlite" } },
    strict: false,
  });
  const engine = String(values.engine);
  if (engine === "sqlite" || engine === "pg") return [engine];
  if (engine === "both") return ["sqlite", "pg"];
  throw new Error(`--engine must be sqlite, pg or both, got ${engine}`);
}

/**
 * Settings a bench cluster runs with beyond initdb's. shared_buffers and effective_cache_size fit a
 * 10,000,000-code table's hot index pages on a machine with gigabytes free (initdb's 128 MB does
 * not); max_wal_size keeps a bulk load from checkpointing every few seconds; random_page_cost 1.1 is
 * the usual figure for an SSD. Durability is left as it is: fsync and synchronous_commit on.
 */
export const BENCH_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "1GB",
  effective_cache_size: "4GB",
  maintenance_work_mem: "512MB",
  work_mem: "16MB",
  max_wal_size: "8GB",
  checkpoint_timeout: "15min",
  random_page_cost: "1.1",
};

export interface BenchPostgres {
  readonly url: string;
  readonly major: number;
  /** A new database on the cluster, its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the cluster and removes its folder (also done on exit and on Ctrl-C). */
  remove(): void;
}

const urlOf = (cluster: TestCluster, database: string) => cluster.url.replace(`/${cluster.database}?`, `/${database}?`);

async function runOn(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Starts the bench cluster, its data under `parent` (the disk the SQLite file it is compared with sits on). */
export async function startBenchPostgres(parent: string): Promise<BenchPostgres> {
  if (!findPostgres()) throw new Error("--engine pg needs PostgreSQL 15+ (apt-get install postgresql)");
  // A fresh clone has no bench/.work yet; the cluster's folder goes inside it.
  mkdirSync(parent, { recursive: true });
  const cluster = startTestCluster({ durable: true, parent, database: "bench" });
  const removeAndExit = (signal: NodeJS.Signals) => {
    cluster.remove();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", removeAndExit);
  process.once("SIGTERM", removeAndExit);
  try {
    for (const [name, value] of Object.entries(BENCH_SETTINGS))
      await runOn(cluster.url, `ALTER SYSTEM SET ${name} = '${value}'`);
    // shared_buffers takes effect only at a start.
    cluster.stop();
    cluster.start();
  } catch (error) {
    cluster.remove();
    throw error;
  }
  return {
    url: cluster.url,
    major: cluster.major,
    createDatabase: async (name) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      await runOn(cluster.url, `DROP DATABASE IF EXISTS ${name}`);
      await runOn(cluster.url, `CREATE DATABASE ${name}`);
      return urlOf(cluster, name);
    },
    remove: () => {
      process.off("SIGINT", removeAndExit);
      process.off("SIGTERM", removeAndExit);
      cluster.remove();
    },
  };
}

/** The line a bench prints about the cluster it measured. */
export const clusterLine = (major: number): string =>
  `PostgreSQL ${major}, throwaway cluster over a Unix socket, fsync and synchronous_commit on, ` +
  Object.entries(BENCH_SETTINGS)
    .map(([name, value]) => `${name}=${value}`)
    .join(", ");
