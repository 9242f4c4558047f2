// The ledger's lists at the codes' size, for bench:deep-pages' `--ledger`: 消费者查询记录 (the scan
// log, 扫码记录), 预警清单 and 生码记录 grow as the codes do, so each gets `count` rows made from the
// trace codes already loaded (one scan, one warning and one generation record a code). SQLite only,
// the way scan-load.ts loads the codes: the tables' secondary indexes dropped, one INSERT … SELECT
// a table on the connection itself with synchronous=OFF, the indexes rebuilt once, ANALYZE.
// The rows are plausible, not a simulation: times one second apart going back from `made`, enum
// values taken in turn. The lists read them as they read any rows.
import type { Store } from "../mock-server/db/store";
import { SqliteEngine } from "../mock-server/db/engine/sqlite-engine";

/** An ISO instant `id` seconds before the bound `made`, as the server stores timestamps. */
const before = `strftime('%Y-%m-%dT%H:%M:%fZ', ?, printf('-%d seconds', c.id))`;

const LOADS: readonly { table: string; insert: string }[] = [
  {
    table: "consumer_scans",
    insert: `INSERT INTO consumer_scans (code, product_id, result, scan_index, region_code, ip, path, user_agent, scanned_at, created_at, updated_at)
      SELECT c.code, c.product_id, CASE c.id % 3 WHEN 0 THEN 'genuine' WHEN 1 THEN 'repeated' ELSE 'over_threshold' END, 1,
             '110101', printf('10.%d.%d.%d', (c.id >> 16) % 256, (c.id >> 8) % 256, c.id % 256), 'm_q', 'bench', ${before}, ${before}, ${before}
      FROM trace_codes c ORDER BY c.id LIMIT ?`,
  },
  {
    table: "consumer_warnings",
    insert: `INSERT INTO consumer_warnings (code, rule, level, product_id, region_code, ip, scan_count, first_seen_at, last_seen_at, status, created_at, updated_at)
      SELECT c.code, 'repeated_scan', CASE c.id % 3 WHEN 0 THEN 'low' WHEN 1 THEN 'medium' ELSE 'high' END, c.product_id,
             '110101', printf('10.%d.%d.%d', (c.id >> 16) % 256, (c.id >> 8) % 256, c.id % 256), 1 + c.id % 50, ${before}, ${before},
             CASE c.id % 4 WHEN 0 THEN 'handled' ELSE 'pending' END, ${before}, ${before}
      FROM trace_codes c ORDER BY c.id LIMIT ?`,
  },
  {
    table: "code_batches",
    insert: `INSERT INTO code_batches (batch_no, order_id, code_type, quantity, source, status, succeeded, failed, first_code, last_code, operator, generated_at, finished_at, created_at, updated_at)
      SELECT printf('BENCH%09d', c.id), c.order_id, 'item', 1, 'generated', 'done', 1, 0, c.code, c.code, 'bench', ${before}, ${before}, ${before}, ${before}
      FROM trace_codes c ORDER BY c.id LIMIT ?`,
  },
];

/** Loads `count` rows into each ledger list's table; answers the rows each holds now. */
export function loadLedgerListsIntoSqlite(store: Store, count: number, made: string): Record<string, number> {
  const engine = store.engine;
  if (!(engine instanceof SqliteEngine)) throw new Error("loadLedgerListsIntoSqlite needs the SQLite engine");
  const db = engine.quietConnection();
  db.pragma("synchronous = OFF");
  const held: Record<string, number> = {};
  for (const { table, insert } of LOADS) {
    const indexes = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`)
      .all(table) as { name: string; sql: string }[];
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    const binds = (insert.match(/strftime/g) ?? []).map(() => made);
    db.transaction(() => db.prepare(insert).run(...binds, count))();
    for (const { sql } of indexes) db.exec(sql);
    held[table] = (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  }
  db.exec("ANALYZE");
  db.pragma("synchronous = FULL");
  db.pragma("wal_checkpoint(TRUNCATE)");
  return held;
}
