// The EPCIS interface's server-owned tables as views the console lists (manifest `projection:`).
// epcis_subscriptions: each subscription with its delivery state as the interface answers it
// (domain/epcis/subscriptions/subscriptions.ts viewOf: paused when held, failing while tries fail,
// active otherwise); its partner client when a client's key made it (a client calls with the
// negative of its id, auth/partner-keys.ts principalOf), none when a staff account did.
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

export const EPCIS_PROJECTIONS = { epcis_subscriptions: epcisSubscriptions } as const;
