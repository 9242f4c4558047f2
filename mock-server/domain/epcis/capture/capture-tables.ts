// The capture interface's tables (server-owned, so "_"-named). _epcis_capture_jobs holds each
// capture job and, once it has run, its per-event results (JSON); a job is the one row here that
// changes (running, then done); the job list pages them newest first by (created_at, id), per
// account or all of them. While it runs it keeps its document (its events and prefixes, as JSON),
// so that another process can take it over and finish it (capture-jobs.ts); the document is dropped
// when the job ends, as its captured events keep what they were sent as. It keeps the dealer its
// captor acted for (none for the brand's staff and clients), and once it ends what the console
// lists of it (job-summary.ts). _epcis_captured_events marks each ledger event a partner captured
// with its source (the capturing account, and the dealer a partner acts for) and the event as it was
// sent; its captured_hash (GS1's event hash of the event as sent) is the duplicate key, so the same
// event captured twice, even by two jobs at once, is stored once. Append-only like the ledger.
import { tableColumns } from "../../../db/schema-catalog";
import type { Store } from "../../../db/store";
import type { EventResult } from "./event-result";
import { jobSummary } from "./job-summary";

const DDL = `
CREATE TABLE IF NOT EXISTS _epcis_capture_jobs (
  id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL,
  error_behaviour TEXT NOT NULL,
  event_count INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ,
  running INTEGER NOT NULL,
  success INTEGER,
  results TEXT,
  document TEXT,
  dealer_id INTEGER,
  accepted_events INTEGER,
  refused_events INTEGER,
  rolled_back_events INTEGER,
  refusals TEXT
);
CREATE INDEX IF NOT EXISTS _epcis_capture_jobs_account ON _epcis_capture_jobs (account_id, created_at, id);
CREATE INDEX IF NOT EXISTS _epcis_capture_jobs_created ON _epcis_capture_jobs (created_at, id);
CREATE INDEX IF NOT EXISTS _epcis_capture_jobs_dealer ON _epcis_capture_jobs (dealer_id, created_at, id);
CREATE TABLE IF NOT EXISTS _epcis_captured_events (
  id INTEGER PRIMARY KEY,
  captured_hash TEXT NOT NULL,
  event_id INTEGER NOT NULL REFERENCES _ledger_events (id),
  capture_id TEXT NOT NULL,
  account TEXT NOT NULL,
  dealer_code TEXT,
  captured_event TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS _epcis_captured_events_hash ON _epcis_captured_events (captured_hash);
CREATE INDEX IF NOT EXISTS _epcis_captured_events_event ON _epcis_captured_events (event_id);
`;

/** Columns a database made before them gains: its older jobs have none of them. */
const LATER_COLUMNS = [
  "document TEXT",
  "dealer_id INTEGER",
  "accepted_events INTEGER",
  "refused_events INTEGER",
  "rolled_back_events INTEGER",
  "refusals TEXT",
];

export async function createCaptureTables(store: Store): Promise<void> {
  const columns = await tableColumns(store, "_epcis_capture_jobs");
  // An older table gains its later columns before the DDL's indexes name them.
  if (columns.size > 0)
    for (const column of LATER_COLUMNS)
      if (!columns.has(column.split(" ")[0])) await store.exec(`ALTER TABLE _epcis_capture_jobs ADD COLUMN ${column}`);
  await store.exec(DDL);
  await store.exec(store.engine.dialect.appendOnly("_epcis_captured_events"));
  await summariseOlderJobs(store);
}

/** Jobs that ended before their summary was kept gain it from their results (their documents are gone: no eventIDs). */
async function summariseOlderJobs(store: Store): Promise<void> {
  const rows = await store.all<{ id: string; results: string }>(
    `SELECT id, results FROM _epcis_capture_jobs WHERE running = 0 AND accepted_events IS NULL AND results IS NOT NULL`,
  );
  for (const row of rows) {
    const summary = jobSummary(JSON.parse(row.results) as EventResult[]);
    await store.run(
      `UPDATE _epcis_capture_jobs SET accepted_events = ?, refused_events = ?, rolled_back_events = ?, refusals = ? WHERE id = ?`,
      [summary.accepted, summary.refused, summary.rolledBack, JSON.stringify(summary.refusals), row.id],
    );
  }
}
