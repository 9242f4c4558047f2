// Start-up migration (issue 3): create the tables the contract declares, add the columns a
// manifest change introduced, create the indexes lists need. Rows are never dropped.
import type { ContractColumn } from "../../schema/contract/server-contract";
import type { Catalog, ResourceInfo } from "../resources/catalog";
import { quoteIdent } from "./sql-names";
import type { Store } from "./store";

export interface MigrationReport {
  readonly createdTables: string[];
  readonly addedColumns: string[];
}

const columnDdl = (column: ContractColumn): string => `${quoteIdent(column.name)} ${column.sqlType}`;

function existingColumns(store: Store, table: string): Set<string> {
  const rows = store.all<{ name: string }>("SELECT name FROM pragma_table_info(?)", [table]);
  return new Set(rows.map((row) => row.name));
}

function ensureTable(store: Store, info: ResourceInfo, report: MigrationReport): void {
  const table = quoteIdent(info.table);
  const existing = existingColumns(store, info.table);
  const columns = info.stored.filter((column) => column.name !== "id");
  if (existing.size === 0) {
    const ddl = ['"id" INTEGER PRIMARY KEY AUTOINCREMENT', ...columns.map(columnDdl)].join(", ");
    store.db.exec(`CREATE TABLE ${table} (${ddl})`);
    report.createdTables.push(info.table);
    return;
  }
  for (const column of columns) {
    if (existing.has(column.name)) continue;
    store.db.exec(`ALTER TABLE ${table} ADD COLUMN ${columnDdl(column)}`);
    report.addedColumns.push(`${info.table}.${column.name}`);
  }
}

function ensureIndexes(store: Store, info: ResourceInfo): void {
  const table = quoteIdent(info.table);
  for (const column of info.stored) {
    if (column.name === "id") continue;
    const name = quoteIdent(column.name);
    if (column.unique) {
      store.db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${quoteIdent(`ux_${info.table}_${column.name}`)} ON ${table} (${name})`);
    } else if (column.filter || column.sortable || column.ref) {
      store.db.exec(`CREATE INDEX IF NOT EXISTS ${quoteIdent(`ix_${info.table}_${column.name}`)} ON ${table} (${name})`);
    }
  }
}

export function migrateResources(store: Store, catalog: Catalog): MigrationReport {
  const report: MigrationReport = { createdTables: [], addedColumns: [] };
  store.transaction(() => {
    for (const info of catalog.entities) {
      ensureTable(store, info, report);
      ensureIndexes(store, info);
    }
  });
  return report;
}
