// What the database already holds, asked the way each engine answers it: SQLite keeps its schema in
// sqlite_schema and pragma_table_info, PostgreSQL in information_schema and pg_catalog. Start-up
// migration reads these to add only what is missing; nothing else in the server asks the catalog
// (tests read it through here too, so they hold on both engines).
import type { Store } from "./store";

/** The columns `table` has now; empty when there is no such table. */
export async function tableColumns(store: Store, table: string): Promise<Set<string>> {
  return new Set((await columnTypes(store, table)).keys());
}

/**
 * The declared type of each column of `table`, lower-cased as the engine names it (columnType's
 * names); empty when there is no such table.
 */
export async function columnTypes(store: Store, table: string): Promise<Map<string, string>> {
  const rows =
    store.engineName === "sqlite"
      ? await store.all<{ name: string; type: string }>("SELECT name, type FROM pragma_table_info(?)", [table])
      : await store.all<{ name: string; type: string }>(
          "SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?",
          [table],
        );
  return new Map(rows.map((row) => [row.name, row.type.toLowerCase()]));
}

/**
 * The declared type of `table`.`column`, lower-cased as the engine names it ("text", "integer" on
 * SQLite; "text", "bigint" on PostgreSQL); undefined when there is no such column.
 */
export async function columnType(store: Store, table: string, column: string): Promise<string | undefined> {
  const row =
    store.engineName === "sqlite"
      ? await store.get<{ type: string }>("SELECT type FROM pragma_table_info(?) WHERE name = ?", [table, column])
      : await store.get<{ type: string }>(
          "SELECT data_type AS type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?",
          [table, column],
        );
  return row?.type.toLowerCase();
}

/** Every table (not view) the server made, by name: the engine's own catalog tables and partitions left out. */
export async function tableNames(store: Store): Promise<string[]> {
  const rows =
    store.engineName === "sqlite"
      ? await store.all<{ name: string }>(
          "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
        )
      : // A partition is a table of its own to PostgreSQL; its rows are read and written through its parent.
        await store.all<{ name: string }>(
          `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
        );
  return rows.map((row) => row.name);
}

/** Whether a table (not a view) named `table` exists. */
export async function tableExists(store: Store, table: string): Promise<boolean> {
  const found =
    store.engineName === "sqlite"
      ? await store.get("SELECT 1 AS found FROM sqlite_schema WHERE type = 'table' AND name = ?", [table])
      : await store.get(
          "SELECT 1 AS found FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ? AND table_type = 'BASE TABLE'",
          [table],
        );
  return found !== undefined;
}

/**
 * The indexes of `table` whose names start with `prefix`, each with the CREATE statement it was made
 * by: SQLite keeps that text; PostgreSQL prints its own, so the server keeps the statement it ran as
 * the index's comment (`stampIndex`) and reads it back here.
 */
export async function indexDefinitions(
  store: Store,
  table: string,
  prefix: string,
): Promise<{ readonly name: string; readonly sql: string }[]> {
  return store.engineName === "sqlite"
    ? store.all<{ name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, ?) = ?",
        [table, prefix.length, prefix],
      )
    : store.all<{ name: string; sql: string }>(
        `SELECT i.indexname AS name, COALESCE(obj_description(to_regclass(quote_ident(i.indexname)), 'pg_class'), i.indexdef) AS sql
           FROM pg_indexes i WHERE i.schemaname = current_schema() AND i.tablename = ? AND substr(i.indexname, 1, ?) = ?`,
        [table, prefix.length, prefix],
      );
}

/** Keeps `create`, the statement that made index `name`, where indexDefinitions reads it (PostgreSQL only). */
export async function stampIndex(store: Store, name: string, create: string): Promise<void> {
  if (store.engineName === "postgres") await store.exec(`COMMENT ON INDEX ${quote(name)} IS ${literal(create)}`);
}

/** Keeps `create`, the statement that made view `name`, where viewStamp reads it (PostgreSQL only). */
export async function stampView(store: Store, name: string, create: string): Promise<void> {
  if (store.engineName === "postgres") await store.exec(`COMMENT ON VIEW ${quote(name)} IS ${literal(create)}`);
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * A stamp of the view `name` as it was created, or undefined when there is none: SQLite keeps the
 * CREATE statement; PostgreSQL keeps no text, so the server stores its own in a comment on the view.
 */
export async function viewStamp(store: Store, name: string): Promise<string | undefined> {
  const row =
    store.engineName === "sqlite"
      ? await store.get<{ sql: string }>("SELECT sql FROM sqlite_schema WHERE type = 'view' AND name = ?", [name])
      : await store.get<{ sql: string | null }>(
          "SELECT obj_description(c.oid, 'pg_class') AS sql FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'v' AND n.nspname = current_schema() AND c.relname = ?",
          [name],
        );
  return row?.sql ?? undefined;
}

/** The names of the indexes on `table`, sorted (a primary key's or unique constraint's included). */
export async function indexNames(store: Store, table: string): Promise<string[]> {
  const rows =
    store.engineName === "sqlite"
      ? await store.all<{ name: string }>("SELECT name FROM pragma_index_list(?) ORDER BY name", [table])
      : await store.all<{ name: string }>(
          "SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ? ORDER BY indexname",
          [table],
        );
  return rows.map((row) => row.name);
}

/**
 * A mark that changes whenever a table, view or index of the schema is created, dropped or replaced,
 * and stays put otherwise: SQLite counts schema changes itself; on PostgreSQL every such change writes
 * a new version (a new xmin) of the object's catalog rows, or gives it a new oid.
 */
export async function schemaChangeMark(store: Store): Promise<string> {
  if (store.engineName === "sqlite")
    return String((await store.get<{ schema_version: number }>("PRAGMA schema_version"))!.schema_version);
  const row = await store.get<{ mark: string | null }>(
    `SELECT string_agg(c.oid::text || ':' || c.xmin::text || ':' || COALESCE(r.xmin::text, ''), ',' ORDER BY c.oid, r.oid) AS mark
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_rewrite r ON r.ev_class = c.oid
      WHERE n.nspname = current_schema()`,
  );
  return row?.mark ?? "";
}
