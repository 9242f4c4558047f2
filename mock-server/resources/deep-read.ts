// Which list reads leave the event loop. A page at OFFSET n walks n index entries before its rows:
// at 1,000,000 rows (bench/.work measurement on the bench host) OFFSET 5,000 took 0.11 ms, 20,000
// 0.40 ms, 100,000 4.9 ms and 900,000 90 ms, while a read sent to the pool and answered took
// 0.17 ms once its worker was warm. Past DEEP_OFFSET the walk costs more than the hop, and grows
// with the table, so those pages go to the pool; the first pages, the ones nearly every call asks
// for, stay inline. Without a pool (an in-memory database) every read is inline.
// A `contains` filter (LIKE '%…%') is served by no index: its count and even its first page read
// the whole table when the value is rare (at 10,000,000 codes: the count 1.0 s, the first page
// 3.1 s, measured on bench:deep-pages' file), so on a table past DEEP_OFFSET rows both go to the pool.
import type { Store } from "../db/store";
import type { Filter } from "./list-params";
import type { Where } from "./list-sql";

/** Rows skipped from which a page is read on the pool: where the walk costs about what the hop does. */
export const DEEP_OFFSET = 10_000;

/**
 * A page deep enough to be sought from anchors, or read as a long read (Store.longRead): on the
 * pool on SQLite; on PostgreSQL, where no read holds the event loop, the same depth, since past it
 * OFFSET's walk grows with the table there too.
 */
export const isDeep = (store: Store, offset: number): boolean => store.readsLong && offset >= DEEP_OFFSET;

/** A list call whose filter no index serves, on a table too long to read through on the event loop. */
export const scansTable = async (
  store: Store,
  filters: readonly Filter[],
  tableRows: () => Promise<number>,
): Promise<boolean> =>
  store.pool !== undefined && filters.some((filter) => filter.op === "contains") && (await tableRows()) >= DEEP_OFFSET;

/**
 * A filtered list on a table past DEEP_OFFSET rows: its total is counted on the pool until one is
 * kept. A filter an index serves still counts every matching entry: on bench:scan's file (1,000,525
 * codes) `status = 'shipped'` (800,427 of them) took 19 ms on the event loop, about ten times that
 * at ten times the rows, where the pool's hop costs 0.17 ms. The page itself is read inline: the
 * index gives its first rows at once.
 */
export const countsOnPool = async (
  store: Store,
  filters: readonly Filter[],
  tableRows: () => Promise<number>,
): Promise<boolean> => store.pool !== undefined && filters.length > 0 && (await tableRows()) >= DEEP_OFFSET;

/**
 * The exact total of `table` under `where`: the kept one, or counted on the pool and kept if no write
 * to the table came while it was counted (then it is exact for a moment at or after the call began).
 */
export function countOnPool(store: Store, table: string, quotedTable: string, where: Where): Promise<number> {
  const kept = store.keptTableCount(table, quotedTable, where.sql, where.params);
  if (kept !== undefined) return Promise.resolve(kept);
  const version = store.version(table);
  return store
    .pool!.all<{ total: number }>(`SELECT COUNT(*) AS total FROM ${quotedTable} ${where.sql}`, where.params)
    .then(([{ total }]) => {
      store.keepTableCount(table, quotedTable, where.sql, where.params, total, version);
      return total;
    });
}
