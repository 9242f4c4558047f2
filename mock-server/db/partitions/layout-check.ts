// Which layout a PostgreSQL database's growing tables are on, and what a start says when it is not the
// one the server is configured for. A start never converts: converting rewrites every row of the
// largest tables under an exclusive lock (minutes per million rows), which no operator should meet
// as a slow start. The server runs on either layout (every statement reads both), so it starts on
// the one it finds and logs one line naming the command that converts.
import type { Catalog } from "../../resources/catalog";
import { tableExists } from "../schema-catalog";
import type { Store } from "../store";
import { isPartitioned, LEDGER_EVENTS, PARTITIONED_RESOURCES, type Partitioning } from "./growing-tables";

export interface GrowingTable extends Partitioning {
  readonly table: string;
  /** The order its rows are copied in when converted: its key's. */
  readonly copyOrder: string;
}

/** The ledger's codes, partitioned with trace_codes (ledger-tables.ts makes it). */
const LEDGER_EVENT_CODES: GrowingTable = {
  table: "_ledger_event_codes",
  by: "hash",
  column: "code",
  copyOrder: '"code", "event_id"',
};

/** Every table the partitioned layout partitions, in the order a conversion takes them. */
export function growingTables(catalog: Catalog): GrowingTable[] {
  const tables: GrowingTable[] = [
    { ...LEDGER_EVENTS, copyOrder: `"${LEDGER_EVENTS.column}", "id"` },
    LEDGER_EVENT_CODES,
  ];
  for (const [resource, partitioning] of Object.entries(PARTITIONED_RESOURCES)) {
    const info = catalog.find(resource);
    if (!info) continue;
    // A hash-partitioned table keeps id order, its lists' default; a monthly one its months' order.
    const copyOrder = partitioning.by === "month" ? `"${partitioning.column}", "id"` : `"id"`;
    tables.push({ ...partitioning, table: info.table, copyOrder });
  }
  return tables;
}

/** The growing tables that exist and are plain (PostgreSQL only; none on SQLite). */
export async function plainGrowingTables(store: Store, catalog: Catalog): Promise<GrowingTable[]> {
  if (store.engineName !== "postgres") return [];
  const plain: GrowingTable[] = [];
  for (const table of growingTables(catalog))
    if ((await tableExists(store, table.table)) && !(await isPartitioned(store, table.table))) plain.push(table);
  return plain;
}

export const CONVERT_COMMAND = 'npm run db:partition -- --database-url "$DATABASE_URL"';

/**
 * The line a start logs when the database's growing tables are not on the configured layout, or
 * undefined when they are (and always on SQLite).
 */
export async function layoutNotice(
  store: Store,
  catalog: Catalog,
  partitionedLayout: boolean,
): Promise<string | undefined> {
  if (store.engineName !== "postgres") return undefined;
  const plain = (await plainGrowingTables(store, catalog)).map((table) => table.table);
  if (partitionedLayout && plain.length)
    return (
      `This PostgreSQL database keeps ${plain.join(", ")} on the plain layout (made before the partitioned ` +
      `layout or with PARTITIONED_LAYOUT=0); the server runs on it as it is. To partition them, stop every ` +
      `server process on it and run: ${CONVERT_COMMAND} (mock-server/README.md, "Partitioned layout").`
    );
  if (!partitionedLayout) {
    const partitioned: string[] = [];
    for (const { table } of growingTables(catalog)) if (await isPartitioned(store, table)) partitioned.push(table);
    if (partitioned.length)
      return (
        `PARTITIONED_LAYOUT=0, but this PostgreSQL database keeps ${partitioned.join(", ")} partitioned: ` +
        `the server runs on them as they are (no command converts back; PARTITIONED_LAYOUT applies to a new database).`
      );
  }
  return undefined;
}
