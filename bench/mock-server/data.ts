// The benchmark's data: employees seeded once by the server's own seeder (deterministic PRNG,
// fixed anchor day), read back from the SQLite file for json-server's db.json, and counted with
// COUNT(*) directly on the file to check the totals the server answers.
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl } from "../../mock-server/db/engine/open-engine";
import { numberPlaceholders } from "../../mock-server/db/engine/placeholders";
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { contract } from "../../mock-server/generated/contract.gen";
import { DEMO_ACCOUNTS } from "../../mock-server/seed/seed-accounts";
import { runToEnd } from "./processes";
import { copySqliteToPostgres } from "./copy-to-postgres";

export const EMPLOYEES = contract.resources.find((resource) => resource.name === "employees")!;
/** The same day every run, so the same rows every run. */
export const SEED_ANCHOR = "2024-06-01";

/** Filters of the filtered page, in the server's list protocol; json-server's equivalent is in load.ts. */
export interface Filter {
  readonly eq: { readonly field: string; readonly value: string };
  readonly contains: { readonly field: string; readonly value: string };
}

/** Remove a database file with its -wal and -shm (a stale WAL would be replayed into a new file). */
export function removeDatabase(file: string): void {
  for (const path of [`${file}-wal`, `${file}-shm`, file]) if (existsSync(path)) rmSync(path);
}

/**
 * `npm run seed -- --scale S --only employees` into `file` (a SQLite file, or a postgres:// URL whose
 * tables the seed replaces), with S chosen so the employees table holds exactly `rows` rows
 * (seedRows × S generated rows plus the demo accounts).
 */
export async function seedEmployees(root: string, file: string, rows: number, log: string): Promise<number> {
  if (!isPostgresUrl(file)) removeDatabase(file);
  const scale = (rows - DEMO_ACCOUNTS.length) / EMPLOYEES.seedRows;
  const started = performance.now();
  const args = [
    "--import",
    "tsx",
    "mock-server/seed-cli.ts",
    "--scale",
    String(scale),
    "--only",
    "employees",
    "--anchor",
    SEED_ANCHOR,
    "--db-file",
    file,
  ];
  await runToEnd(process.execPath, args, { cwd: root, log, timeoutMs: 600_000 });
  const ms = performance.now() - started;
  const counted = isPostgresUrl(file) ? await countOnPostgres(file, "employees") : exactCounts(file).all;
  if (counted !== rows) throw new Error(`seeding ${file} gave ${counted} employees, wanted ${rows}`);
  return ms;
}

/**
 * The rows of a seeded SQLite file (seedEmployees) on a PostgreSQL database: the server's seeder
 * migrates it (a small seed, no history: the history the file holds is copied), then the file's tables replace what it wrote (copy-to-postgres.ts).
 * Returns the milliseconds it took.
 */
export async function seedPostgresFrom(
  root: string,
  sqliteFile: string,
  url: string,
  rows: number,
  log: string,
): Promise<number> {
  const started = performance.now();
  const args = ["--import", "tsx", "mock-server/seed-cli.ts", "--scale", "0.001", "--only", "employees", "--days", "0"];
  await runToEnd(process.execPath, [...args, "--anchor", SEED_ANCHOR, "--db-file", url], {
    cwd: root,
    log,
    timeoutMs: 600_000,
  });
  await copySqliteToPostgres(sqliteFile, url);
  const counted = await countOnPostgres(url, "employees");
  if (counted !== rows)
    throw new Error(`copying ${sqliteFile} gave ${counted} employees on PostgreSQL, wanted ${rows}`);
  return performance.now() - started;
}

const whereOf = (filter: Filter) => ({
  sql: `WHERE "${filter.eq.field}" = ? AND "${filter.contains.field}" LIKE ? ESCAPE '\\'`,
  params: [filter.eq.value, `%${filter.contains.value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`],
});

/** COUNT(*) run here on the file (read-only), whole table and filtered, with the time each took. */
export function exactCounts(
  file: string,
  filter?: Filter,
): { all: number; allMs: number; filtered?: number; filteredMs?: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    let started = performance.now();
    const all = (db.prepare("SELECT COUNT(*) AS n FROM employees").get() as { n: number }).n;
    const allMs = performance.now() - started;
    if (!filter) return { all, allMs };
    const where = whereOf(filter);
    started = performance.now();
    const filtered = (
      db.prepare(`SELECT COUNT(*) AS n FROM employees ${where.sql}`).get(...where.params) as { n: number }
    ).n;
    return { all, allMs, filtered, filteredMs: performance.now() - started };
  } finally {
    db.close();
  }
}

/** COUNT(*) of a table on a PostgreSQL database. */
export async function countOnPostgres(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM "${table}"`);
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

/**
 * exactCounts on either engine: COUNT(*) of employees, whole and filtered, with the time each took,
 * on the SQLite file (read-only) or on the PostgreSQL database, with the same WHERE.
 */
export async function exactCountsAt(location: string, filter: Filter): Promise<Counts> {
  if (!isPostgresUrl(location)) {
    const counts = exactCounts(location, filter);
    return { ...counts, filtered: counts.filtered!, filteredMs: counts.filteredMs! };
  }
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    const where = whereOf(filter);
    let started = performance.now();
    const all = Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM employees`)).rows[0].n);
    const allMs = performance.now() - started;
    started = performance.now();
    const sql = `SELECT COUNT(*) AS n FROM employees ${numberPlaceholders(where.sql).text}`;
    const filtered = Number((await client.query<{ n: string }>(sql, where.params)).rows[0].n);
    return { all, allMs, filtered, filteredMs: performance.now() - started };
  } finally {
    await client.end();
  }
}

export interface Counts {
  readonly all: number;
  readonly allMs: number;
  readonly filtered: number;
  readonly filteredMs: number;
}

/**
 * A copy of a seeded SQLite file, page by page (SQLite's backup, which reads the WAL too), so another
 * server measures the very rows and the same layout: an older commit's server runs on this tree's
 * file, as its own seeder draws other rows from the same seed (BENCH_AGAINST).
 */
export async function copyDatabase(from: string, to: string): Promise<void> {
  removeDatabase(to);
  const db = new Database(from, { readonly: true, fileMustExist: true });
  try {
    await db.backup(to);
  } finally {
    db.close();
  }
}

/** A department id that exists (creates must reference one). */
export function firstDepartment(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT MIN("id") AS id FROM departments').get() as { id: number }).id;
  } finally {
    db.close();
  }
}

/** json-server's database: the very rows of the SQLite file, in id order. Returns its size in bytes. */
export function writeJsonServerDb(sqliteFile: string, jsonFile: string): number {
  const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT * FROM employees ORDER BY "id"').all();
    writeFileSync(jsonFile, JSON.stringify({ employees: rows }));
  } finally {
    db.close();
  }
  return statSync(jsonFile).size;
}
