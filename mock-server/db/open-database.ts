// Opens the embedded database (issue 3: better-sqlite3, WAL, a file that survives restarts).
import Database from "better-sqlite3";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";

export type Db = Database.Database;

export const MEMORY = ":memory:";

export function openDatabase(file: string): Db {
  if (file !== MEMORY) mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // issue 13 item 8: FULL syncs the WAL at every commit, so an acknowledged write survives a power
  // or OS crash too (NORMAL survives only a process crash). Its cost is in bench/login-flood.ts.
  db.pragma(`synchronous = ${process.env.DB_SYNCHRONOUS === "NORMAL" ? "NORMAL" : "FULL"}`);
  db.pragma("busy_timeout = 5000");
  // 8 MiB of page cache (issue 14 §8): enough for the inner pages of the big indexes, which every
  // lookup walks; leaves and scanned tables come from the OS's file cache, a pread away. It was
  // 64 MiB, which one filtered count over 1,000,000 rows filled: about 60 MB of the server's RSS.
  db.pragma("cache_size = -8192");
  db.pragma("temp_store = MEMORY");
  // Referential rules (x-ref, tree children) are checked by the server with clear messages.
  db.pragma("foreign_keys = OFF");
  return db;
}

/** Replace a database file: the -wal and -shm files go first, or SQLite would replay them. */
export function removeDatabaseFiles(file: string): void {
  if (file === MEMORY) return;
  for (const suffix of ["-wal", "-shm", ""]) {
    const path = file + suffix;
    if (existsSync(path)) rmSync(path);
  }
}
