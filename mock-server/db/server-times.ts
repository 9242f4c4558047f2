// The instants the server's own tables keep (not the manifest's: their DDL is the server's, in
// SQLite's words, each such column declared TIMESTAMPTZ, dialect.ts): ISO-8601 UTC text on SQLite,
// PostgreSQL's TIMESTAMPTZ there, read back as the API writes times (engine/pg-engine.ts). A
// database made when they were TEXT has them altered in place at start by the resources' one
// mechanism (retype-columns.ts). Times the server counts with (sessions' expiry, leases, retries,
// login throttling, idempotency keys' age) are epoch milliseconds, compared and added as numbers,
// and stay integers.
import type { KindedColumn } from "./retype-columns";
import { retypeColumns } from "./retype-columns";
import { columnTypes } from "./schema-catalog";
import type { Store } from "./store";

/** Each server table's instants, as its DDL declares them TIMESTAMPTZ. */
export const SERVER_TIME_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  _ledger_events: ["recorded_time"],
  _list_exports: ["started_at", "finished_at"],
  _login_unlocks: ["unlocked_at"],
  _login_log: ["created_at"],
  _ledger_error_declarations: ["declared_at"],
  _partner_keys: ["issued_at"],
  _epcis_named_queries: ["created_at"],
  _epcis_capture_jobs: ["created_at", "finished_at"],
  _epcis_subscriptions: ["created_at", "last_success_at", "last_error_at", "paused_at"],
  _evidence_photos: ["uploaded_at"],
};

/**
 * Alters the server's instants a PostgreSQL database still keeps as text, all in one transaction (a
 * text that is no time refuses the start, naming table, column and value, every table as it was);
 * answers them as `table.column`. Run after the tables are made and before the projection views,
 * which it drops where they read a table it alters. Nothing on SQLite.
 */
export async function retypeServerTimes(store: Store): Promise<string[]> {
  if (store.engineName !== "postgres") return [];
  return await store.transaction(async () => {
    const altered: string[] = [];
    for (const [table, names] of Object.entries(SERVER_TIME_COLUMNS)) {
      const columns: KindedColumn[] = names.map((name) => ({ name, kind: "timestamp" }));
      altered.push(...(await retypeColumns(store, table, columns, await columnTypes(store, table))));
    }
    return altered;
  });
}
