// The tables that grow without bound, and how each is partitioned on PostgreSQL (SQLite keeps plain
// tables): the layout a distributed PostgreSQL (Citus) spreads over hosts, and that one host already
// prunes by. docs/decisions/0023 says why these keys; mock-server/README.md what Citus would run.
// - trace_codes, HASH by code: every rule and the public scan find a code by its text.
// - _ledger_event_codes, HASH by code with as many partitions: a code's timeline reads its rows,
//   and they sit in the partition of the same number as the code's own row.
// - _ledger_events and the scan log (consumer_scans), RANGE by month of event time: pages, reports
//   and the EPCIS query read windows of time, and an old month is detached whole for archiving.
// PostgreSQL requires a partitioned table's primary and unique keys to include the partition key:
// trace_codes' key is (id, code), the monthly tables' (id, <time>); and a foreign key to one to name
// the partition key: the rows that name a ledger event keep only its id (dialect.ts drops that key).
import type { Catalog } from "../../resources/catalog";
import type { Store } from "../store";
import { MONTHS_AHEAD, MONTHS_BACK, monthsAround } from "./partition-ddl";
import { ensureMonthPartitions, type MonthsMade } from "./month-partitions";

export interface Partitioning {
  readonly by: "hash" | "month";
  /** The partition key. */
  readonly column: string;
}

/** The resource tables partitioned on PostgreSQL, by resource name. */
export const PARTITIONED_RESOURCES: Readonly<Record<string, Partitioning>> = {
  trace_codes: { by: "hash", column: "code" },
  consumer_scans: { by: "month", column: "scanned_at" },
};

/** The ledger's tables partitioned on PostgreSQL (ledger-tables.ts makes them). */
export const LEDGER_EVENTS: Partitioning & { readonly table: string } = {
  table: "_ledger_events",
  by: "month",
  column: "event_time",
};

/** The advisory lock the partition maintenance holds (an arbitrary number no other lock uses). */
const PARTITION_LOCK = 230_023;

/** Every table partitioned by month, with its key: the ledger's events and the scan log. */
export function monthlyTables(catalog: Catalog): { readonly table: string; readonly column: string }[] {
  const tables = [{ table: LEDGER_EVENTS.table, column: LEDGER_EVENTS.column }];
  for (const [resource, partitioning] of Object.entries(PARTITIONED_RESOURCES)) {
    const info = catalog.find(resource);
    if (info && partitioning.by === "month") tables.push({ table: info.table, column: partitioning.column });
  }
  return tables;
}

/** Whether `table` was made partitioned (a database made before the layout keeps plain tables). */
export async function isPartitioned(store: Store, table: string): Promise<boolean> {
  if (store.engineName !== "postgres") return false;
  const row = await store.get("SELECT 1 AS found FROM pg_partitioned_table WHERE partrelid = to_regclass(?)", [
    `"${table}"`,
  ]);
  return row !== undefined;
}

/**
 * Makes sure each monthly table has partitions for the months around `now` (MONTHS_BACK before,
 * MONTHS_AHEAD after) and a default one. Nothing on SQLite or on a plain table.
 */
export async function ensureMonths(store: Store, catalog: Catalog, now: number): Promise<Record<string, MonthsMade>> {
  const report: Record<string, MonthsMade> = {};
  if (store.engineName !== "postgres") return report;
  await store.transaction(async () => {
    // Processes starting together would race to create the same partition; one at a time, each
    // sees what the one before made.
    await store.get("SELECT pg_advisory_xact_lock(?) AS locked", [PARTITION_LOCK]);
    for (const { table, column } of monthlyTables(catalog))
      if (await isPartitioned(store, table))
        report[table] = await ensureMonthPartitions(store, table, column, monthsAround(now, MONTHS_BACK, MONTHS_AHEAD));
  });
  return report;
}
