// Bulk loads of bench/scan's trace codes (scan-codes.ts), one per engine, each the fast path its
// engine offers for a load that is not a hot path: the table's secondary indexes are dropped, the
// rows written in large transactions, the indexes rebuilt once, and the planner's statistics taken.
//   SQLite: one prepared INSERT run per row on the connection itself, synchronous=OFF during the load.
//   PostgreSQL: one INSERT … SELECT FROM unnest($1::text[], …) per 50,000 rows (the rows cross the
//   socket as one array per column and the server expands them, as COPY would), then VACUUM ANALYZE
//   so the visibility map lets the scan's lookups read the index alone, as a table at rest would.
import pg from "pg";
import type { Store } from "../mock-server/db/store";
import { SqliteEngine } from "../mock-server/db/engine/sqlite-engine";
import { CODE_COLUMNS, makeCodes, type Picks } from "./scan-codes";

const columnList = CODE_COLUMNS.join(", ");

export async function loadCodesIntoSqlite(store: Store, count: number, made: string): Promise<Picks> {
  const engine = store.engine;
  if (!(engine instanceof SqliteEngine)) throw new Error("loadCodesIntoSqlite needs the SQLite engine");
  const indexes = (
    await store.all<{ sql: string }>(
      `SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'trace_codes' AND sql IS NOT NULL`,
    )
  ).map((row) => row.sql);
  // A bulk load on the connection itself: the read transaction the seed's last reads shared ends first (db/shared-read.ts).
  const db = engine.quietConnection();
  db.pragma("synchronous = OFF");
  for (const sql of indexes) db.exec(`DROP INDEX ${/INDEX ("[^"]+")/.exec(sql)![1]}`);
  const insert = db.prepare(
    `INSERT INTO trace_codes (${columnList}) VALUES (${CODE_COLUMNS.map(() => "?").join(", ")})`,
  );
  const picks = await makeCodes(store, count, made, (rows) => {
    const quiet = engine.quietConnection();
    quiet.transaction(() => {
      for (const row of rows) insert.run(...row);
    })();
  });
  const quiet = engine.quietConnection();
  for (const sql of indexes) quiet.exec(sql);
  quiet.exec("ANALYZE");
  quiet.pragma("synchronous = FULL");
  quiet.pragma("wal_checkpoint(TRUNCATE)");
  return picks;
}

/** Rows in one INSERT … SELECT FROM unnest statement. */
const PG_STATEMENT_ROWS = 50_000;

export async function loadCodesIntoPostgres(store: Store, url: string, count: number, made: string): Promise<Picks> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const types = new Map(
      (
        await client.query<{ name: string; type: string }>(
          `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
           WHERE attrelid = 'trace_codes'::regclass AND attnum > 0 AND NOT attisdropped`,
        )
      ).rows.map((row) => [row.name, row.type]),
    );
    // Indexes that back a constraint (the key, the unique code) stay: DROP INDEX cannot drop them.
    const indexes = (
      await client.query<{ name: string; definition: string; stamp: string | null }>(
        `SELECT indexname AS name, indexdef AS definition,
                obj_description(to_regclass(quote_ident(indexname)), 'pg_class') AS stamp FROM pg_indexes i
         WHERE tablename = 'trace_codes' AND schemaname = current_schema()
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      )
    ).rows;
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
    const insert =
      `INSERT INTO trace_codes (${columnList}) SELECT * FROM unnest(` +
      CODE_COLUMNS.map((column, i) => `$${i + 1}::${types.get(column) ?? "text"}[]`).join(", ") +
      ")";
    const picks = await makeCodes(store, count, made, async (rows) => {
      await client.query("BEGIN");
      for (let start = 0; start < rows.length; start += PG_STATEMENT_ROWS) {
        const part = rows.slice(start, start + PG_STATEMENT_ROWS);
        await client.query(
          insert,
          CODE_COLUMNS.map((_, column) => part.map((row) => row[column])),
        );
      }
      await client.query("COMMIT");
    });
    // A partitioned table's index prints as `ON ONLY` (the parent alone); made again, it must reach
    // every partition, as the dropped one did.
    for (const index of indexes) {
      await client.query(index.definition.replace(" ON ONLY ", " ON "));
      // The statement the server stamped it with (schema-catalog.ts stampIndex): without it the
      // server's start would take the index for one made otherwise and make it again.
      if (index.stamp !== null)
        await client.query(`COMMENT ON INDEX "${index.name}" IS '${index.stamp.replaceAll("'", "''")}'`);
    }
    await client.query("VACUUM ANALYZE trace_codes");
    return picks;
  } finally {
    await client.end();
  }
}
