// The indexes of the tables the public scan writes. Every index of a table is
// written by every insert into it, and at bench/scan's rate the list indexes were most of a scan's
// pages: `npm run bench:scan-frames` counted 7.40 WAL pages a scan with one-column indexes on the
// scan log's and the warnings' list columns, 4.39 with the two covering list indexes below instead.
// - SCAN_INDEXES: what the scan's own reads need, and one covering index per list (see below).
// - SCAN_UNINDEXED: the columns migrate-resources gives no one-column index (and drops one an earlier
//   version made).
import { indexDefinitions, stampIndex } from "../db/schema-catalog";
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import { BAD_CODE_WHERE } from "../domain/scan-warnings/scan-warnings";

interface ScanIndex {
  readonly resource: string;
  /** The key: the index is made only when the manifest declares every one of them. */
  readonly columns: readonly string[];
  /** Carried after the key, where the manifest declares them, so a filter on them reads the index, not the table. */
  readonly covering?: readonly string[];
  /** A partial index: only the rows its reader asks about are in it, so the other scans never write to it. */
  readonly where?: string;
  readonly name?: string;
}

/**
 * Without the first four, the guessing count walks every scan of the last minutes and a warning's
 * lookup every warning of its rule, on every scan.
 *
 * The two list indexes serve 消费者查询记录 and 预警清单. Their key is the list's default order and
 * then the id, so a new row's entry always goes at the end of the index: the scans of one commit
 * share its last page. The list's filter and sort columns ride along in the index, each of which
 * had an index of its own, whose entries went to a page per value (a region, a product, a status):
 * about three pages more per scan. A list page filtered on them walks this index in the list's order
 * and reads only the rows it shows; a filtered total, and the reference check when a product,
 * waybill or dealer is deleted, read this index rather than the table (about half the time). A rare
 * value is counted by reading the index whole, where a one-column index found it at once: ~0.5 s per
 * 10,000,000 scans, once; the list's total is then kept exact (db/totals-cache.ts). 预警清单's sorts
 * other than its default (by count, level or first time) sort the warnings: ~0.26 s per 1,000,000.
 */
const SCAN_INDEXES: readonly ScanIndex[] = [
  // Code guessing: bad codes from one address lately. Only bad codes (~0.5% of scans) enter it; a
  // full (ip, scanned_at) index took an entry on a random page from every scan.
  { resource: "consumer_scans", columns: ["ip", "scanned_at"], where: BAD_CODE_WHERE, name: "bad_ip_scanned_at" },
  // One warning per rule and code; also a code's warnings (信息查询, the inspector), so the code
  // needs no index of its own.
  { resource: "consumer_warnings", columns: ["code", "rule"] },
  { resource: "consumer_warnings", columns: ["rule", "ip"] }, // per rule and address, the guessing block, 预警清单 by rule
  { resource: "production_orders", columns: ["product_id", "batch_no"] }, // the public product's batch dates
  // 消费者查询记录: its order (-scanned_at), its range filter and its eq filters.
  {
    resource: "consumer_scans",
    columns: ["scanned_at", "id"],
    covering: ["product_id", "result", "region_code", "path"],
    name: "list",
  },
  // 预警清单: its order (-last_seen_at), its filters and sorts, and its references.
  {
    resource: "consumer_warnings",
    columns: ["last_seen_at", "id"],
    covering: [
      "status",
      "level",
      "dealer_id",
      "verdict",
      "scan_count",
      "first_seen_at",
      "created_at",
      "product_id",
      "waybill_id",
    ],
    name: "list",
  },
];

/** The name of a scan index on `table`. */
const scanIndexName = (table: string, suffix: string): string => `_scan_${table}_${suffix}`;

/** Each scan index the manifest allows, by name: its CREATE statement, as the schema catalog reads it back. */
function wantedScanIndexes(ctx: AppContext): { tables: Set<string>; wanted: Map<string, string> } {
  const tables = new Set<string>();
  const wanted = new Map<string, string>();
  // In list order (NULL the smallest value), so the list indexes serve 消费者查询记录 and 预警清单 on PostgreSQL too.
  const indexColumn = (column: string) =>
    column === "id" ? quoteIdent(column) : ctx.store.engine.dialect.sortedIndexColumn(quoteIdent(column));
  for (const index of SCAN_INDEXES) {
    const info = ctx.catalog.find(index.resource);
    if (!info) continue;
    tables.add(info.table);
    if (!index.columns.every((column) => info.byName.has(column))) continue;
    const columns = [...index.columns, ...(index.covering ?? []).filter((column) => info.byName.has(column))];
    const name = scanIndexName(info.table, index.name ?? index.columns.join("_"));
    const where = index.where ? ` WHERE ${index.where}` : "";
    wanted.set(
      name,
      `CREATE INDEX ${quoteIdent(name)} ON ${quoteIdent(info.table)} (${columns.map(indexColumn).join(", ")})${where}`,
    );
  }
  return { tables, wanted };
}

/**
 * Makes the scan indexes. One an earlier version made, or made with other columns (a manifest that
 * dropped a covered column), goes first: every write would keep paying for it.
 */
export async function createScanIndexes(ctx: AppContext): Promise<void> {
  const { tables, wanted } = wantedScanIndexes(ctx);
  for (const table of tables) {
    for (const { name, sql } of await indexDefinitions(ctx.store, table, "_scan_"))
      if (wanted.get(name) !== sql) await ctx.store.exec(`DROP INDEX ${quoteIdent(name)}`);
  }
  for (const [name, sql] of wanted) {
    await ctx.store.exec(sql.replace(/^CREATE INDEX /, "CREATE INDEX IF NOT EXISTS "));
    await stampIndex(ctx.store, name, sql);
  }
}

/**
 * Columns the scan writes that get no one-column list index; migrate-resources
 * drops an index an earlier version made.
 * - The code's counters, written by every consumer scan: at 10,000,000 codes each index moved two
 *   entries on random pages of a B-tree too big to cache, on every scan, for a console sort that
 *   is rare (it now reads the table).
 * - A warning's rule: SCAN_INDEXES' (rule, ip) starts with it, so 预警清单's filter by rule reads
 *   that; its own index only cost every new warning an entry.
 * - A warning's code: its list filter is `contains`, which no index serves, and (code, rule) serves
 *   the reads by code; its own index cost every new warning an entry on a random page.
 * - A warning's address: its list filter is `contains` (LIKE '%…%'), which no index serves, the
 *   guessing block reads (rule, ip), and every firing of a code's rule moved its entry.
 * - A warning's updated_at: every later firing moves it, and 预警清单 neither shows nor sorts it.
 * - The scan log's stamps: a scan is never edited, so created_at is its scanned_at and updated_at
 *   never moves; 消费者查询记录 shows neither.
 * - The list columns of both tables: SCAN_INDEXES' list indexes carry them.
 */
export const SCAN_UNINDEXED: ReadonlySet<string> = new Set([
  "trace_codes.scan_count",
  "trace_codes.first_scan_at",
  "consumer_warnings.rule",
  "consumer_warnings.code",
  "consumer_warnings.ip",
  "consumer_warnings.updated_at",
  "consumer_scans.created_at",
  "consumer_scans.updated_at",
  // carried by the list indexes
  "consumer_scans.scanned_at",
  "consumer_scans.product_id",
  "consumer_scans.result",
  "consumer_scans.region_code",
  "consumer_scans.path",
  "consumer_warnings.last_seen_at",
  "consumer_warnings.status",
  "consumer_warnings.level",
  "consumer_warnings.dealer_id",
  "consumer_warnings.verdict",
  "consumer_warnings.scan_count",
  "consumer_warnings.first_seen_at",
  "consumer_warnings.created_at",
  "consumer_warnings.product_id",
  "consumer_warnings.waybill_id",
]);
