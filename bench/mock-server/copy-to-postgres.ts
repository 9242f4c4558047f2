// The benchmark's rows on PostgreSQL: the very rows of the seeded SQLite file copied table by table
// into a PostgreSQL database the server has already migrated, so both engines serve the same data
// and the comparison weighs the engine, not the seed. The server's seeder writes one statement a
// row, which over a socket takes minutes for a million rows; this writes one
// INSERT … SELECT FROM unnest($1::type[], …) per 20,000 rows (the same path bench/scan-load.ts takes).
// Foreign keys and triggers are off while the tables are replaced (session_replication_role =
// replica: the rows were checked when SQLite took them), and each identity column continues after
// the largest id copied. The copy is vacuumed and analysed before the server is measured.
import Database from "better-sqlite3";
import pg from "pg";

const STATEMENT_ROWS = 20_000;

export async function copySqliteToPostgres(sqliteFile: string, url: string): Promise<Record<string, number>> {
  const sqlite = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const copied: Record<string, number> = {};
  try {
    const columnsOf = new Map<string, Map<string, string>>();
    for (const row of (
      await client.query<{ table: string; column: string; type: string }>(
        `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
      )
    ).rows) {
      if (!columnsOf.has(row.table)) columnsOf.set(row.table, new Map());
      columnsOf.get(row.table)!.set(row.column, row.type);
    }
    const tables = (
      sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as {
        name: string;
      }[]
    )
      .map((row) => row.name)
      .filter((table) => columnsOf.has(table))
      .sort();
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica");
    await client.query(`TRUNCATE ${tables.map((table) => `"${table}"`).join(", ")}`);
    for (const table of tables) {
      const types = columnsOf.get(table)!;
      const columns = (sqlite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[])
        .map((column) => column.name)
        .filter((column) => types.has(column));
      const insert =
        `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) OVERRIDING SYSTEM VALUE ` +
        `SELECT * FROM unnest(${columns.map((column, i) => `$${i + 1}::${types.get(column)}[]`).join(", ")})`;
      let batch: unknown[][] = [];
      const flush = async () => {
        if (!batch.length) return;
        await client.query(
          insert,
          columns.map((_, i) => batch.map((row) => row[i])),
        );
        batch = [];
      };
      let rows = 0;
      for (const row of sqlite
        .prepare(`SELECT ${columns.map((column) => `"${column}"`).join(", ")} FROM "${table}"`)
        .raw()
        .iterate() as Iterable<unknown[]>) {
        batch.push(row.map((value) => (typeof value === "bigint" ? value.toString() : value)));
        rows += 1;
        if (batch.length === STATEMENT_ROWS) await flush();
      }
      await flush();
      copied[table] = rows;
    }
    // Identity columns continue after the largest id copied.
    for (const { table, column } of (
      await client.query<{ table: string; column: string }>(
        `SELECT table_name AS table, column_name AS column FROM information_schema.columns
         WHERE table_schema = current_schema() AND is_identity = 'YES'`,
      )
    ).rows)
      if (tables.includes(table))
        await client.query(
          `SELECT setval(pg_get_serial_sequence('"${table}"', '${column}'), COALESCE((SELECT MAX("${column}") FROM "${table}"), 0) + 1, false)`,
        );
    await client.query("COMMIT");
    // VACUUM as well: it sets the visibility map, without which an index-only scan (a deep page's
    // OFFSET, a count) visits the heap for every row, and autovacuum would otherwise start on the
    // freshly copied million rows in the middle of the measurement.
    await client.query("VACUUM ANALYZE");
    return copied;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    sqlite.close();
    await client.end();
  }
}
