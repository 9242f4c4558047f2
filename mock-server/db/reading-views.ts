// The views that read a table, for a migration that must change the table under them: PostgreSQL
// refuses to alter a column a view reads, and a view keeps reading the table it was made on, whatever
// its name becomes. Dropping a view drops the stamp its text is kept in (schema-catalog.ts stampView),
// so createProjectionViews makes every projection view again at the same start.
import { quoteIdent } from "./sql-names";
import type { Store } from "./store";

/** The views that read `table`, directly or through another view (PostgreSQL only). */
export async function readingViews(store: Store, table: string): Promise<string[]> {
  if (store.engineName !== "postgres") return [];
  const rows = await store.all<{ name: string }>(
    `WITH RECURSIVE readers (oid) AS (
       SELECT r.ev_class FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
        WHERE d.classid = 'pg_rewrite'::regclass AND d.refobjid = to_regclass(?) AND r.ev_class <> d.refobjid
       UNION
       SELECT r.ev_class FROM readers v JOIN pg_depend d ON d.refobjid = v.oid JOIN pg_rewrite r ON r.oid = d.objid
        WHERE d.classid = 'pg_rewrite'::regclass AND r.ev_class <> v.oid
     )
     SELECT DISTINCT c.relname AS name FROM readers JOIN pg_class c ON c.oid = readers.oid
      WHERE c.relkind = 'v' ORDER BY c.relname`,
    [quoteIdent(table)],
  );
  return rows.map((row) => row.name);
}

/** Drops the views that read any of `tables`; answers their names. Run createProjectionViews after it. */
export async function dropReadingViews(store: Store, tables: readonly string[]): Promise<string[]> {
  const dropped = new Set<string>();
  for (const table of tables) for (const view of await readingViews(store, table)) dropped.add(view);
  for (const view of dropped) await store.exec(`DROP VIEW IF EXISTS ${quoteIdent(view)} CASCADE`);
  return [...dropped].sort();
}
