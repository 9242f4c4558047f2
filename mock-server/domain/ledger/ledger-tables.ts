// The event ledger's tables (server-owned, so "_"-named like the other system tables). One row per
// event in _ledger_events, the codes it names in _ledger_event_codes (an ObjectEvent's epcList, an
// AggregationEvent's childEPCs; the parent is a column of the event), its bizTransactions in
// _ledger_biz_transactions, its EPCIS sourceList/destinationList in _ledger_parties. Plain tables
// and B-tree indexes only, so PostgreSQL holds the same rows (dialect.ts says the DDL in its words).
// Append-only: triggers refuse UPDATE and DELETE on all four, so a bug cannot rewrite history.
// Each event's identity (event_hash, GS1's event hash; occurrence) came after the first tables:
// an older database gets the columns here and its rows their hashes at start (fillLedgerIdentities).
import type { ChainContext } from "../chain-context";
import type { Store } from "../../db/store";
import { tableColumns } from "../../db/schema-catalog";
import { fillEventHashes } from "./event-identity";

const DDL = `
CREATE TABLE IF NOT EXISTS _ledger_events (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  event_type TEXT NOT NULL,
  action TEXT NOT NULL,
  biz_step TEXT NOT NULL,
  disposition TEXT,
  parent_code TEXT,
  code_count INTEGER NOT NULL,
  related_code TEXT,
  reason TEXT,
  work_order_id INTEGER,
  lot TEXT,
  production_date TEXT,
  expiry_date TEXT,
  read_point TEXT,
  biz_location TEXT,
  event_time TEXT NOT NULL,
  recorded_time TEXT NOT NULL,
  operator TEXT,
  event_hash TEXT,
  occurrence INTEGER
);
CREATE INDEX IF NOT EXISTS _ledger_events_kind_time ON _ledger_events (kind, event_time);
CREATE INDEX IF NOT EXISTS _ledger_events_parent ON _ledger_events (parent_code);
CREATE INDEX IF NOT EXISTS _ledger_events_work_order ON _ledger_events (work_order_id);
CREATE UNIQUE INDEX IF NOT EXISTS _ledger_events_hash ON _ledger_events (event_hash);
CREATE INDEX IF NOT EXISTS _ledger_events_time ON _ledger_events (event_time, id);
CREATE INDEX IF NOT EXISTS _ledger_events_recorded ON _ledger_events (recorded_time, id);
CREATE TABLE IF NOT EXISTS _ledger_event_codes (
  event_id INTEGER NOT NULL REFERENCES _ledger_events (id),
  code TEXT NOT NULL,
  PRIMARY KEY (code, event_id)
);
CREATE INDEX IF NOT EXISTS _ledger_event_codes_event ON _ledger_event_codes (event_id);
CREATE TABLE IF NOT EXISTS _ledger_biz_transactions (
  event_id INTEGER NOT NULL REFERENCES _ledger_events (id),
  type TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (event_id, type, value)
);
CREATE INDEX IF NOT EXISTS _ledger_biz_transactions_value ON _ledger_biz_transactions (type, value);
CREATE TABLE IF NOT EXISTS _ledger_parties (
  event_id INTEGER NOT NULL REFERENCES _ledger_events (id),
  direction TEXT NOT NULL,
  type TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (event_id, direction, type, value)
);
CREATE INDEX IF NOT EXISTS _ledger_parties_value ON _ledger_parties (direction, type, value);
`;

/** Columns added to _ledger_events after its first release, each with its DDL type. */
const LATER_COLUMNS = [
  ["event_hash", "TEXT"],
  ["occurrence", "INTEGER"],
] as const;

const LEDGER_TABLES = ["_ledger_events", "_ledger_event_codes", "_ledger_biz_transactions", "_ledger_parties"];

export async function createLedgerTables(store: Store): Promise<void> {
  const columns = await tableColumns(store, "_ledger_events");
  if (columns.size)
    for (const [name, type] of LATER_COLUMNS)
      if (!columns.has(name)) await store.exec(`ALTER TABLE _ledger_events ADD COLUMN ${name} ${type}`);
  await store.exec(DDL);
  for (const table of LEDGER_TABLES) await store.exec(store.engine.dialect.appendOnly(table));
}

/**
 * Hashes the events an older database appended before the ledger kept identities (after the
 * resource tables exist: a hash names codes by their product's GTIN). Returns how many it filled.
 */
export async function fillLedgerIdentities(ctx: ChainContext): Promise<number> {
  const dialect = ctx.store.engine.dialect;
  return await fillEventHashes(ctx, {
    lift: dialect.liftUpdateGuard("_ledger_events"),
    restore: dialect.appendOnly("_ledger_events"),
  });
}
