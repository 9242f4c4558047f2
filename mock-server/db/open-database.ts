// Opens the embedded database: better-sqlite3, WAL, a file that survives restarts.
import Database from "better-sqlite3";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";

export type Db = Database.Database;

export const MEMORY = ":memory:";

export function openDatabase(file: string): Db {
  if (file !== MEMORY) mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // FULL syncs the WAL at every commit, so an acknowledged write survives a power
  // or OS crash too (NORMAL survives only a process crash). Its cost is in bench/login-flood.ts.
  db.pragma(`synchronous = ${process.env.DB_SYNCHRONOUS === "NORMAL" ? "NORMAL" : "FULL"}`);
  db.pragma("busy_timeout = 5000");
  // 8 MiB of page cache: enough for the inner pages of the big indexes, which every
  // lookup walks; leaves and scanned tables come from the OS's file cache, a pread away. It was
  // 64 MiB, which one filtered count over 1,000,000 rows filled: about 60 MB of the server's RSS.
  db.pragma("cache_size = -8192");
  db.pragma("temp_store = MEMORY");
  // Referential rules (x-ref, tree children) are checked by the server with clear messages.
  db.pragma("foreign_keys = OFF");
  dropStat4Samples(db);
  return db;
}

/**
 * ANALYZE (or `PRAGMA optimize`, which an operator may run) leaves sqlite_stat1, a row count per
 * index, and, in better-sqlite3's build (SQLITE_ENABLE_STAT4), sqlite_stat4, sample keys per index.
 * With samples, SQLite weighs each bound value against them, so a statement whose WHERE binds a
 * value to an indexed column is compiled again every time that value changes: every lookup by code,
 * every warning-rule query. At 10,000,000 codes recompiling was ~10% of the scan's lookup, and
 * bench:scan's read-only baseline went from 4,940 to 6,374 a second without it.
 * The samples go; stat1, which is what steers the plans here, stays.
 */
function dropStat4Samples(db: Db): void {
  const stat4 = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat4'").get();
  if (!stat4 || !db.prepare("SELECT 1 FROM sqlite_stat4 LIMIT 1").get()) return;
  db.exec("DELETE FROM sqlite_stat4");
  db.exec("ANALYZE sqlite_schema"); // loads the statistics again, without the samples
}

/** Replace a database file: the -wal and -shm files go first, or SQLite would replay them. */
export function removeDatabaseFiles(file: string): void {
  if (file === MEMORY) return;
  for (const suffix of ["-wal", "-shm", ""]) {
    const path = file + suffix;
    if (existsSync(path)) rmSync(path);
  }
}
