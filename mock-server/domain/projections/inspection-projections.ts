// 稽查报表's projections. Inspections are counted from the ledger's inspect events
// (the record-inspection rule appends one per inspection of an existing code; its reason is the
// conclusion), so a report cannot count an inspection the chain never saw. Warnings are counted
// from consumer_warnings, which only the scan rules write (one row per rule and code, or per rule
// and address for guessing): by rule, by the province of the scan that raised it, by dealer.
import type { Dialect } from "../../db/engine/dialect";
import { businessDaySql } from "../../time/business-calendar";
export const inspectionEvents = (dialect: Dialect) => `
SELECT e.id AS id,
  ec.code AS code,
  ${businessDaySql(dialect, "e.event_time")} AS day,
  e.reason AS result,
  c.product_id AS product_id,
  e.read_point AS geo,
  e.operator AS inspector,
  e.event_time AS created_at,
  e.event_time AS updated_at
FROM _ledger_events e
JOIN _ledger_event_codes ec ON ec.event_id = e.id
LEFT JOIN trace_codes c ON c.code = ec.code
WHERE e.kind = 'inspect'`;

export const warningUnits = (dialect: Dialect) => `
SELECT w.id AS id,
  w.rule AS rule,
  w.level AS level,
  w.status AS status,
  w.verdict AS verdict,
  w.product_id AS product_id,
  w.dealer_id AS dealer_id,
  CASE WHEN w.region_code IS NULL THEN NULL ELSE substr(w.region_code, 1, 2) || '0000' END AS province_code,
  ${businessDaySql(dialect, "w.first_seen_at")} AS day,
  w.scan_count AS scans,
  w.created_at AS created_at,
  w.updated_at AS updated_at
FROM consumer_warnings w`;
