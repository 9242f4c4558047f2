// Converts a PostgreSQL database's plain growing tables to the partitioned layout in place, in one
// transaction, so a failure anywhere leaves the database as it was. Under an ACCESS EXCLUSIVE lock on
// the tables converted (nothing reads or writes them until the commit), it:
// 1. drops the views that read them (a view follows its table through a rename), alters the instants
//    the server's tables still keep as text (server-times.ts), and moves each plain table, its
//    indexes and its id sequence aside under a "_plain" name;
// 2. has the server make its tables as a new database gets them (`remake`: prepareDatabase on the
//    partitioned layout: keys, partitions, indexes, the ledger's append-only triggers, the views),
//    and a month partition for every month the old rows hold;
// 3. copies the rows in key order, carries each id sequence over where the old one stood, makes
//    again any index of the old table the server does not make (an operator's) and its foreign keys
//    to other tables; refuses a foreign key from another table to a converted one, and a view the
//    server does not make again (neither can follow the table without a person deciding);
// 4. drops the old tables and ANALYZEs the new ones.
import type { AppContext } from "../../context";
import { LISTENER_NAME } from "../pg/pg-change-feed";
import { dropReadingViews } from "../reading-views";
import { tableColumns, tableExists } from "../schema-catalog";
import { retypeServerTimes } from "../server-times";
import { quoteIdent } from "../sql-names";
import type { Store } from "../store";
import { growingTables, plainGrowingTables, type GrowingTable } from "./layout-check";
import { ensureMonthPartitions } from "./month-partitions";
import { isMonth } from "./partition-ddl";

/** A conversion that cannot run, or that failed and was rolled back, with the reason in words. */
export class ConversionRefusal extends Error {}

/** How long the conversion waits for its tables' locks before it gives up. */
const LOCK_TIMEOUT = "10s";
const ASIDE = "_plain";

export interface TableConverted {
  readonly table: string;
  readonly rows: number;
  /** Months the rows held that got a partition of their own (monthly tables). */
  readonly months: readonly string[];
}

interface Aside {
  readonly table: GrowingTable;
  readonly old: string;
  readonly sequence?: { readonly lastValue: string; readonly isCalled: boolean | number };
  /** The old table's indexes that back no constraint, by their original names, with their definitions. */
  readonly indexes: readonly { readonly name: string; readonly definition: string }[];
  /** The old table's foreign keys to other tables: name and definition. */
  readonly foreignKeys: readonly { readonly name: string; readonly definition: string }[];
}

/** The server processes using the database: each keeps one change-listening connection open. */
async function serversConnected(store: Store): Promise<number> {
  const row = await store.get<{ n: number }>(
    `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?`,
    [LISTENER_NAME],
  );
  return Number(row?.n ?? 0);
}

export async function convertToPartitionedLayout(
  ctx: AppContext,
  /** Makes the server's tables as a new database gets them (prepareDatabase), on the context it is given. */
  remake: (ctx: AppContext) => Promise<unknown>,
): Promise<TableConverted[]> {
  const { store, catalog } = ctx;
  if (store.engineName !== "postgres")
    throw new ConversionRefusal(
      "the partitioned layout is PostgreSQL's: this database is SQLite, whose tables are plain",
    );
  const plain = await plainGrowingTables(store, catalog);
  if (!plain.length)
    throw new ConversionRefusal(
      `this database is already on the partitioned layout (${growingTables(catalog)
        .map((table) => table.table)
        .join(", ")} are partitioned): nothing to convert`,
    );
  const servers = await serversConnected(store);
  if (servers)
    throw new ConversionRefusal(
      `${servers} server process${servers === 1 ? "" : "es"} use${servers === 1 ? "s" : ""} this database ` +
        `(${LISTENER_NAME} connections in pg_stat_activity): stop ${servers === 1 ? "it" : "them"} first, then convert`,
    );
  try {
    return await store.transaction(async () => {
      await store.exec(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      await store.exec(
        `LOCK TABLE ${plain.map((table) => quoteIdent(table.table)).join(", ")} IN ACCESS EXCLUSIVE MODE`,
      );
      const views = await dropReadingViews(
        store,
        plain.map((table) => table.table),
      );
      // A database not yet started on its instants' types has them altered first: the copy moves a
      // column into the new table as it is, and the new table declares them as a new database does.
      await retypeServerTimes(store);
      const asides: Aside[] = [];
      for (const table of plain) asides.push(await moveAside(store, table));
      await remake({ ...ctx, options: { ...ctx.options, partitionedLayout: true } });
      const converted: TableConverted[] = [];
      for (const aside of asides) converted.push(await copyInto(store, aside));
      const missing: string[] = [];
      for (const view of views) if (!(await viewExists(store, view))) missing.push(view);
      if (missing.length)
        throw new ConversionRefusal(
          `the view${missing.length === 1 ? "" : "s"} ${missing.join(", ")} read${missing.length === 1 ? "s" : ""} ` +
            `the plain tables and the server does not make ${missing.length === 1 ? "it" : "them"}: ` +
            `drop ${missing.length === 1 ? "it" : "them"}, convert, and make ${missing.length === 1 ? "it" : "them"} again`,
        );
      for (const aside of asides) await store.exec(`DROP TABLE ${quoteIdent(aside.old)}`);
      for (const aside of asides) await store.exec(`ANALYZE ${quoteIdent(aside.table.table)}`);
      return converted;
    });
  } catch (error) {
    if (error instanceof ConversionRefusal) throw error;
    throw new ConversionRefusal(
      `the conversion failed and was rolled back, the database is as it was: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

async function viewExists(store: Store, view: string): Promise<boolean> {
  return (await store.get("SELECT 1 AS found WHERE to_regclass(?) IS NOT NULL", [quoteIdent(view)])) !== undefined;
}

/** Renames `table`, its indexes and its id sequence to "_plain" names, noting what the copy carries over. */
async function moveAside(store: Store, table: GrowingTable): Promise<Aside> {
  const name = table.table;
  const old = `${name}${ASIDE}`;
  if (await tableExists(store, old))
    throw new ConversionRefusal(
      `a table ${old} is in the way: an earlier conversion's? Look at it, drop it, then convert`,
    );
  const inbound = await store.all<{ name: string; source: string }>(
    `SELECT conname AS name, conrelid::regclass::text AS source FROM pg_constraint
      WHERE contype = 'f' AND confrelid = to_regclass(?) AND conrelid <> confrelid ORDER BY conname`,
    [quoteIdent(name)],
  );
  if (inbound.length)
    throw new ConversionRefusal(
      `${inbound.map((key) => `${key.source}.${key.name}`).join(", ")} refer${inbound.length === 1 ? "s" : ""} to ${name}: ` +
        `a foreign key to a partitioned table must name its partition key; drop or change it, then convert`,
    );
  const sequenceName = (
    await store.get<{ name: string | null }>(
      "SELECT pg_get_serial_sequence(?, 'id') AS name FROM pg_attribute WHERE attrelid = to_regclass(?) AND attname = 'id'",
      [quoteIdent(name), quoteIdent(name)],
    )
  )?.name;
  const sequence = sequenceName
    ? await store.get<{ lastValue: string; isCalled: boolean | number }>(
        `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${sequenceName}`,
      )
    : undefined;
  const indexes = await store.all<{ name: string; definition: string; constraint: boolean }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition,
            EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid) AS "constraint"
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = to_regclass(?) ORDER BY c.relname`,
    [quoteIdent(name)],
  );
  const foreignKeys = await store.all<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE contype = 'f' AND conrelid = to_regclass(?) ORDER BY conname`,
    [quoteIdent(name)],
  );
  for (const index of indexes)
    await store.exec(`ALTER INDEX ${quoteIdent(index.name)} RENAME TO ${quoteIdent(`${index.name}${ASIDE}`)}`);
  if (sequenceName)
    await store.exec(`ALTER SEQUENCE ${sequenceName} RENAME TO ${quoteIdent(`${name}_id_seq${ASIDE}`)}`);
  await store.exec(`ALTER TABLE ${quoteIdent(name)} RENAME TO ${quoteIdent(old)}`);
  return {
    table,
    old,
    sequence,
    indexes: indexes
      .filter((index) => !index.constraint)
      .map((index) => ({ name: index.name, definition: index.definition })),
    foreignKeys,
  };
}

/** Copies the rows of `aside.old` into the partitioned table, and what the table carried besides. */
async function copyInto(store: Store, aside: Aside): Promise<TableConverted> {
  const { table, old } = aside;
  const [target, source] = [quoteIdent(table.table), quoteIdent(old)];
  const months: string[] = [];
  if (table.by === "month") {
    const held = await store.all<{ month: string }>(
      `SELECT DISTINCT substr(${quoteIdent(table.column)}, 1, 7) AS month FROM ${source} ORDER BY 1`,
    );
    const made = await ensureMonthPartitions(
      store,
      table.table,
      table.column,
      held.map((row) => row.month).filter(isMonth),
    );
    months.push(...made.made);
  }
  // A column the manifest no longer declares keeps its values: rows are never dropped.
  const have = await tableColumns(store, table.table);
  const extra = await store.all<{ name: string; type: string }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
      WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [source],
  );
  for (const column of extra)
    if (!have.has(column.name))
      await store.exec(`ALTER TABLE ${target} ADD COLUMN ${quoteIdent(column.name)} ${column.type}`);
  const columns = extra.map((column) => quoteIdent(column.name)).join(", ");
  const copied = await store.run(
    `INSERT INTO ${target} (${columns}) SELECT ${columns} FROM ${source} ORDER BY ${table.copyOrder}`,
  );
  if (aside.sequence)
    await store.get(`SELECT setval(pg_get_serial_sequence(?, 'id'), ?::bigint, ?::boolean) AS at`, [
      target,
      aside.sequence.lastValue,
      // Booleans are read back as 1 and 0 (engine.ts).
      String(Boolean(aside.sequence.isCalled)),
    ]);
  for (const index of aside.indexes)
    if (!(await store.get("SELECT 1 AS found WHERE to_regclass(?) IS NOT NULL", [quoteIdent(index.name)])))
      await store.exec(index.definition.replace(/ ON (ONLY )?\S+ /, ` ON ${target} `));
  for (const key of aside.foreignKeys)
    await store.exec(`ALTER TABLE ${target} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`);
  return { table: table.table, rows: copied.changes, months };
}
