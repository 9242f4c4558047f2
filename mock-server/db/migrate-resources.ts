// Start-up migration: create the tables the contract declares, add the columns a
// manifest change introduced, give an existing PostgreSQL column the type its kind now has
// (retype-columns.ts), create the indexes lists need and the join tables of multi-value
// fields (resources/links.ts). Rows are never dropped.
// A column a hot path writes may be named `unindexed` (the public scan's counters on trace_codes, and warning columns a composite index covers or no index can serve): its list
// sort then reads the table instead of an index, and an index an earlier version made is dropped,
// since every write of the column would pay for it.
import type { ContractColumn } from "../../schema/contract/server-contract";
import type { Catalog, ResourceInfo } from "../resources/catalog";
import { ensureLinkTables } from "../resources/links";
import { columnKind, declaredType } from "./column-types";
import type { Dialect } from "./engine/dialect";
import { PARTITIONED_RESOURCES } from "./partitions/growing-tables";
import { hashPartitionsDdl, partitionedTableDdl } from "./partitions/partition-ddl";
import { retypeColumns } from "./retype-columns";
import { columnTypes, indexDefinitions, stampIndex } from "./schema-catalog";
import { quoteIdent } from "./sql-names";
import type { Store } from "./store";

export interface MigrationReport {
  readonly createdTables: string[];
  readonly addedColumns: string[];
  /** Columns of an existing PostgreSQL table altered to the type their kind now has (retype-columns.ts). */
  readonly retypedColumns: string[];
}

const columnDdl = (dialect: Dialect, column: ContractColumn, resource: string): string =>
  `${quoteIdent(column.name)} ${declaredType(dialect, column, resource)}`;

async function ensureTable(
  store: Store,
  info: ResourceInfo,
  report: MigrationReport,
  partitioned: boolean,
): Promise<void> {
  const table = quoteIdent(info.table);
  const { dialect } = store.engine;
  const existing = await columnTypes(store, info.table);
  const columns = info.stored.filter((column) => column.name !== "id");
  const resource = info.resource.name;
  if (existing.size === 0) {
    const partitioning =
      partitioned && store.engineName === "postgres" ? PARTITIONED_RESOURCES[info.resource.name] : undefined;
    if (partitioning) {
      const ddl = new Map(columns.map((column) => [column.name, columnDdl(dialect, column, resource)]));
      await store.exec(partitionedTableDdl(info.table, ddl, partitioning));
      if (partitioning.by === "hash") for (const sql of hashPartitionsDdl(info.table)) await store.exec(sql);
      // A month-partitioned table gets its months from ensureMonths, which runs after the migration.
    } else {
      const ddl = [
        '"id" INTEGER PRIMARY KEY AUTOINCREMENT',
        ...columns.map((column) => columnDdl(dialect, column, resource)),
      ].join(", ");
      await store.exec(`CREATE TABLE ${table} (${ddl})`);
    }
    report.createdTables.push(info.table);
    return;
  }
  if (store.engineName === "postgres") {
    const kinded = columns.map((column) => ({ name: column.name, kind: columnKind(column, resource) }));
    report.retypedColumns.push(...(await retypeColumns(store, info.table, kinded, existing)));
  }
  for (const column of columns) {
    if (existing.has(column.name)) continue;
    await store.exec(`ALTER TABLE ${table} ADD COLUMN ${columnDdl(dialect, column, resource)}`);
    report.addedColumns.push(`${info.table}.${column.name}`);
  }
}

/** Columns that get no list index, as `table.column`. */
export type Unindexed = ReadonlySet<string>;

async function ensureIndexes(store: Store, info: ResourceInfo, unindexed: Unindexed): Promise<void> {
  const table = quoteIdent(info.table);
  const { dialect } = store.engine;
  const made = await madeIndexes(store, info.table);
  for (const column of info.stored) {
    if (column.name === "id") continue;
    const name = quoteIdent(column.name);
    if (unindexed.has(`${info.table}.${column.name}`) && !column.unique) {
      await store.exec(`DROP INDEX IF EXISTS ${quoteIdent(`ix_${info.table}_${column.name}`)}`);
    } else if (column.unique) {
      const index = `ux_${info.table}_${column.name}`;
      await ensureIndex(
        store,
        made,
        index,
        `CREATE UNIQUE INDEX ${quoteIdent(index)} ON ${table} (${dialect.sortedIndexColumn(name)})`,
      );
    } else if (column.filter || column.sortable || column.ref) {
      const index = `ix_${info.table}_${column.name}`;
      await ensureIndex(
        store,
        made,
        index,
        `CREATE INDEX ${quoteIdent(index)} ON ${table} (${dialect.listIndexKey(name)})`,
      );
    }
  }
}

/**
 * The list indexes `table` has, each with the statement that made it, on PostgreSQL (SQLite's are
 * made by the same statement they always were): one made otherwise (before its key served list
 * order, dialect.ts listIndexKey) is made again.
 */
async function madeIndexes(store: Store, table: string): Promise<Map<string, string> | undefined> {
  if (store.engineName !== "postgres") return undefined;
  const made = new Map<string, string>();
  for (const prefix of ["ix_", "ux_"])
    for (const { name, sql } of await indexDefinitions(store, table, `${prefix}${table}_`)) made.set(name, sql);
  return made;
}

async function ensureIndex(
  store: Store,
  made: Map<string, string> | undefined,
  name: string,
  create: string,
): Promise<void> {
  const before = made?.get(name);
  if (before === create) return;
  if (before !== undefined) await store.exec(`DROP INDEX ${quoteIdent(name)}`);
  await store.exec(create.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "));
  await stampIndex(store, name, create);
}

export async function migrateResources(
  store: Store,
  catalog: Catalog,
  unindexed: Unindexed = new Set(),
  /** A new table the layout partitions is made partitioned (PostgreSQL only; growing-tables.ts). */
  partitioned = false,
): Promise<MigrationReport> {
  const report: MigrationReport = { createdTables: [], addedColumns: [], retypedColumns: [] };
  await store.transaction(async () => {
    for (const info of catalog.entities) {
      await ensureTable(store, info, report, partitioned);
      await ensureIndexes(store, info, unindexed);
      report.createdTables.push(...(await ensureLinkTables(store, info)));
    }
  });
  return report;
}
