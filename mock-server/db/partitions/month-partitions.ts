// The month partitions of a range-partitioned table (PostgreSQL only): made ahead of the months that
// will be written, and detached once a month is old, for archiving.
// Ahead, not on demand: a partition made inside an append would take an ACCESS EXCLUSIVE lock on
// the parent in the middle of a write transaction, behind every reader of the table and before the
// append's own row locks; made at start-up (and by `npm run partitions -- ensure`, monthly), it
// costs nothing per write. A row of a month with no partition lands in the default partition, so a
// write never fails for want of one; such a month's partition is then not made (PostgreSQL refuses
// a partition whose rows sit in the default one), and its rows are read with the default's.
import type { Store } from "../store";
import { quoteIdent } from "../sql-names";
import {
  defaultPartition,
  defaultPartitionDdl,
  isMonth,
  monthPartition,
  monthPartitionDdl,
  nextMonth,
} from "./partition-ddl";

export interface MonthsMade {
  /** Months whose partition this call made. */
  readonly made: string[];
  /** Months left to the default partition, which already holds rows of theirs. */
  readonly inDefault: string[];
}

const exists = async (store: Store, name: string): Promise<boolean> =>
  (await store.get("SELECT 1 AS found WHERE to_regclass(?) IS NOT NULL", [quoteIdent(name)])) !== undefined;

/** Makes `table`'s default partition and a partition for each of `months` that has none. */
export async function ensureMonthPartitions(
  store: Store,
  table: string,
  column: string,
  months: readonly string[],
): Promise<MonthsMade> {
  const made: string[] = [];
  const inDefault: string[] = [];
  await store.exec(defaultPartitionDdl(table));
  for (const month of months) {
    if (await exists(store, monthPartition(table, month))) continue;
    const held = await store.get(
      `SELECT 1 AS found FROM ${quoteIdent(defaultPartition(table))} WHERE ${quoteIdent(column)} >= ? AND ${quoteIdent(column)} < ? LIMIT 1`,
      [month, nextMonth(month)],
    );
    if (held) {
      inDefault.push(month);
      continue;
    }
    await store.exec(monthPartitionDdl(table, month));
    made.push(month);
  }
  return { made, inDefault };
}

/** A month that cannot be detached, with the reason in words. */
export class DetachRefusal extends Error {}

/**
 * Detaches `table`'s partition of `month`: its rows leave the table (and every read of it) and stay
 * in a table of their own, named as the partition was, to be dumped and dropped by the operator.
 * Only a month before `currentMonth`: a month still written would send its new rows to the default.
 * Returns the detached table's name.
 */
export async function detachMonth(store: Store, table: string, month: string, currentMonth: string): Promise<string> {
  if (!isMonth(month)) throw new DetachRefusal(`"${month}" is not a month: write it as YYYY-MM`);
  if (month >= currentMonth)
    throw new DetachRefusal(
      `${month} is not over (the current month is ${currentMonth}): only older months are detached`,
    );
  const partition = monthPartition(table, month);
  const attached = await store.get(
    `SELECT 1 AS found FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass(?) AND c.oid = to_regclass(?)`,
    [quoteIdent(table), quoteIdent(partition)],
  );
  if (!attached) throw new DetachRefusal(`${table} has no partition for ${month}`);
  await store.exec(`ALTER TABLE ${quoteIdent(table)} DETACH PARTITION ${quoteIdent(partition)}`);
  return partition;
}
