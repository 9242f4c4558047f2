// The subscriptions to named queries (server-owned, so "_"-named). One row per subscription: what
// the partner asked for (its query, webhook, shared secret, reportIfEmpty), and the delivery state
// the deliverer keeps beside it, so a restart or another process continues where the last delivery
// stopped: cursor_id is the last ledger id whose events were delivered (or found not to match);
// attempts counts the failed tries since the last success, next_try_at (ms) is when the next try
// is due; lease_owner and lease_until (ms) name the one process delivering it now; paused_at, when
// set, holds delivery (the cursor stays, so a resume delivers what came meanwhile).
import { tableColumns } from "../../../db/schema-catalog";
import type { Store } from "../../../db/store";

const DDL = `
CREATE TABLE IF NOT EXISTS _epcis_subscriptions (
  id TEXT PRIMARY KEY,
  query_name TEXT NOT NULL,
  dest TEXT NOT NULL,
  signature_token TEXT NOT NULL,
  report_if_empty INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  cursor_id INTEGER NOT NULL,
  attempts INTEGER NOT NULL,
  next_try_at INTEGER NOT NULL,
  last_success_at TIMESTAMPTZ,
  last_error TEXT,
  last_error_at TIMESTAMPTZ,
  delivered_events INTEGER NOT NULL,
  lease_owner TEXT,
  lease_until INTEGER,
  paused_at TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS _epcis_subscriptions_query ON _epcis_subscriptions (query_name, id);
CREATE INDEX IF NOT EXISTS _epcis_subscriptions_due ON _epcis_subscriptions (next_try_at);
`;

export async function createSubscriptionTable(store: Store): Promise<void> {
  // A database made before subscriptions could be paused gets the column.
  const columns = await tableColumns(store, "_epcis_subscriptions");
  if (columns.size && !columns.has("paused_at"))
    await store.exec(`ALTER TABLE _epcis_subscriptions ADD COLUMN paused_at TIMESTAMPTZ`);
  await store.exec(DDL);
}
