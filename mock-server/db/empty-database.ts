// Starting again from nothing (RESET_DB=1, npm run seed): a SQLite database is its files, removed
// with their -wal and -shm first (a stale WAL would be replayed into the new file); a PostgreSQL
// database keeps its role and grants, and loses every table, view and trigger of its schema.
import { isPostgresUrl, openEngine } from "./engine/open-engine";
import { removeDatabaseFiles } from "./open-database";

export async function emptyDatabase(location: string): Promise<void> {
  if (!isPostgresUrl(location)) return removeDatabaseFiles(location);
  const engine = openEngine(location);
  try {
    const row = await engine.one<{ name: string }>("SELECT current_schema() AS name");
    if (!row?.name) throw new Error(`${location}: no schema to empty (the role's search_path names none that exists)`);
    const schema = `"${row.name.replaceAll('"', '""')}"`;
    await engine.exec(`DROP SCHEMA ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  } finally {
    await engine.close();
  }
}
