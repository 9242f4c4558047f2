// The EPCIS interface's server-owned tables as views the console lists (manifest `projection:`).
// epcis_subscriptions: each subscription with its delivery state as the interface answers it
// (domain/epcis/subscriptions/subscriptions.ts viewOf: paused when held, failing while tries fail,
// active otherwise); its partner client when a client's key made it (a client calls with the
// negative of its id, auth/partner-keys.ts principalOf), none when a staff account did.
// epcis_capture_jobs: each capture job (domain/epcis/capture/) with its partner client or staff
// account, the dealer its captor acted for, its state (running; succeeded when every event was
// accepted; partial when some were; refused when none were) and what it kept of its results when
// it ended (job-summary.ts). Its refusals' reasons are messages, worded for the reader
// (capture-job-reads.ts).
import type { Dialect } from "../../db/engine/dialect";

const epcisSubscriptions = (dialect: Dialect) => `
SELECT s.id AS id,
  s.query_name AS query_name,
  CASE WHEN s.account_id < 0 THEN -s.account_id END AS client_id,
  s.dest AS dest,
  CASE WHEN s.paused_at IS NOT NULL THEN 'paused' WHEN s.attempts > 0 THEN 'failing' ELSE 'active' END AS delivery_state,
  s.delivered_events AS delivered_events,
  s.cursor_id AS cursor_id,
  s.attempts AS attempts,
  s.last_error AS last_error,
  s.last_success_at AS last_success_at,
  CASE WHEN s.paused_at IS NULL THEN ${dialect.isoOfMillis("s.next_try_at")} END AS next_try_at,
  s.created_at AS created_at,
  -- every listed resource has these two: a subscription's settings are never edited
  s.created_at AS updated_at
FROM _epcis_subscriptions s`;

const epcisCaptureJobs = () => `
SELECT j.id AS id,
  CASE WHEN j.account_id < 0 THEN -j.account_id END AS client_id,
  CASE WHEN j.account_id > 0 THEN j.account_id END AS employee_id,
  j.dealer_id AS dealer_id,
  CASE WHEN j.running = 1 THEN 'running' WHEN j.success = 1 THEN 'succeeded'
    WHEN j.accepted_events > 0 THEN 'partial' ELSE 'refused' END AS job_state,
  j.error_behaviour AS error_behaviour,
  j.event_count AS event_count,
  j.accepted_events AS accepted_events,
  j.refused_events AS refused_events,
  j.rolled_back_events AS rolled_back_events,
  j.refusals AS refusals,
  j.created_at AS created_at,
  j.finished_at AS finished_at,
  COALESCE(j.finished_at, j.created_at) AS updated_at
FROM _epcis_capture_jobs j`;

export const EPCIS_PROJECTIONS = {
  epcis_subscriptions: epcisSubscriptions,
  epcis_capture_jobs: epcisCaptureJobs,
} as const;
