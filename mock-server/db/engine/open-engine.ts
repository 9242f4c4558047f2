// Which engine a deployment runs on: DATABASE_URL=postgres://… (or postgresql://) chooses
// PostgreSQL; anything else is the embedded SQLite file's path (or ":memory:").
import type { Engine } from "./engine";
import { PgEngine, type PgEngineOptions } from "./pg-engine";
import { SqliteEngine, type SqliteEngineOptions } from "./sqlite-engine";

export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

export function openEngine(location: string, options: SqliteEngineOptions & PgEngineOptions = {}): Engine {
  return isPostgresUrl(location) ? new PgEngine(location, options) : new SqliteEngine(location, options);
}
