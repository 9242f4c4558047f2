// Crash test: kill -9 the real server during bursts of creates, again and again; every create the
// server acknowledged (HTTP 200) must be in the database afterwards. On SQLite, integrity_check
// must say ok as well; on PostgreSQL the database itself is never killed, only the server, so a
// killed connection's open transaction must simply never appear.
// Run: npm run test:crash [-- --engine sqlite|pg|both] [--kills N]  (10 kills each; 100 for the full run)
// PostgreSQL runs on a throwaway cluster that syncs commits (bench-engine.ts), removed afterwards.
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { removeDatabaseFiles } from "../mock-server/db/open-database";
import { enginesFromArgs, startBenchPostgres } from "./bench-engine";
import { crashRun } from "./crash-run";

const { values } = parseArgs({ options: { kills: { type: "string" } }, strict: false });
const KILLS = Number(values.kills) || Number(process.env.CRASH_KILLS ?? 10);
const PORT = 4395;
const work = join(resolve(import.meta.dirname, ".."), "bench/.work/crash-test");
mkdirSync(work, { recursive: true });

interface Outcome {
  readonly stored: Set<string>;
  /** "ok", or the first problem SQLite's integrity_check found; undefined where there is none to run. */
  readonly integrity?: string;
}

async function onSqlite(): Promise<{ acknowledged: Set<string>; outcome: Outcome }> {
  const dbFile = join(work, "crash.db");
  removeDatabaseFiles(dbFile);
  const acknowledged = await crashRun(dbFile, KILLS, PORT, "sqlite");
  const db = new Database(dbFile);
  const stored = new Set(
    db.prepare(`SELECT brand_code FROM "brands" WHERE brand_code LIKE 'CRASH%'`).pluck().all() as string[],
  );
  // Simple mode answers the first row's first column: "ok", or the first problem found.
  const integrity = db.pragma("integrity_check", { simple: true }) as string;
  db.close();
  return { acknowledged, outcome: { stored, integrity } };
}

async function onPostgres(): Promise<{ acknowledged: Set<string>; outcome: Outcome }> {
  const cluster = await startBenchPostgres(work);
  try {
    const url = await cluster.createDatabase("crash");
    const acknowledged = await crashRun(url, KILLS, PORT, "pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ code: string }>(
        `SELECT brand_code AS code FROM "brands" WHERE brand_code LIKE 'CRASH%'`,
      );
      return { acknowledged, outcome: { stored: new Set(rows.map((row) => row.code)) } };
    } finally {
      await client.end();
    }
  } finally {
    cluster.remove();
  }
}

let failed = false;
for (const engine of enginesFromArgs()) {
  const { acknowledged, outcome } = engine === "sqlite" ? await onSqlite() : await onPostgres();
  const lost = [...acknowledged].filter((code) => !outcome.stored.has(code));
  const integrity = outcome.integrity === undefined ? "" : `, integrity_check ${outcome.integrity}`;
  console.log(
    `crash test (${engine}): ${KILLS} × kill -9, ${acknowledged.size} acknowledged creates, ${lost.length} lost${integrity}`,
  );
  if (lost.length) console.log(`lost: ${lost.slice(0, 20).join(", ")}`);
  failed ||= lost.length > 0 || (outcome.integrity !== undefined && outcome.integrity !== "ok") || !acknowledged.size;
}
process.exit(failed ? 1 : 0);
