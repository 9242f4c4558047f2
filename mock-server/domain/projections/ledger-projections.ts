// Read-only projections of the event ledger, as SQL views the manifest can name (a resource's
// `projection:`), so analysts declare reports over them (`report.source`) instead of hand-written
// routes. Each view is plain SQL a PostgreSQL backend can hold too (CTEs, WITH RECURSIVE,
// CASE, COALESCE, substr). The kinds counted come from the event vocabulary, never from literals
// scattered here, so a new kind changes what the views count in one place.
import { businessDaySql } from "../../time/business-calendar";
import {
  OUTPUT_KINDS,
  HANDOVER_KINDS,
  LINK_KINDS,
  PACKING_KINDS,
  VOID_KINDS,
  CODE_USE_KINDS,
  ENCODING_KINDS,
  type EventKind,
} from "../ledger/event-vocabulary";

import { LOGISTICS_PROJECTIONS } from "./logistics-projections";
import { inspectionEvents, warningUnits } from "./inspection-projections";
import { kindList as list, movedCte } from "./moved-units";
import { codeTraces } from "./trace-projections";
import { EPCIS_PROJECTIONS } from "./epcis-projections";
import type { Dialect } from "../../db/engine/dialect";

/** One row per unit of output: an item on the day of its first activation, a package on the day of its first pack. */
const productionOutput = (dialect: Dialect) => `
WITH item_units AS (
  SELECT ec.code AS code, MIN(e.id) AS event_id
  FROM _ledger_event_codes ec
  JOIN _ledger_events e ON e.id = ec.event_id
  JOIN trace_codes c ON c.code = ec.code
  WHERE e.kind IN (${list(OUTPUT_KINDS)}) AND c.code_type = 'item'
  GROUP BY ec.code
),
-- A package is output at its first pack; a replacement label taking an old one's contents is not.
package_units AS (
  SELECT e.parent_code AS code, MIN(e.id) AS event_id
  FROM _ledger_events e
  WHERE e.kind IN (${list(PACKING_KINDS)}) AND e.parent_code IS NOT NULL
    AND NOT EXISTS (
      SELECT 1 FROM _ledger_events r JOIN _ledger_event_codes rc ON rc.event_id = r.id
      WHERE r.kind = 'replace' AND rc.code = e.parent_code)
  GROUP BY e.parent_code
),
units AS (
  SELECT code, event_id FROM item_units
  UNION ALL
  SELECT code, event_id FROM package_units
),
-- A package's fill is what it (or, once replaced, its replacement) holds now, against its capacity
-- (the product's first hierarchy row for that level and its children's level, as packing reads it).
-- The children are counted once for all packages, and the first child found by rank, not by a
-- subquery per package: on PostgreSQL's partitioned layout a per-package subquery was planned inside
-- the loop over units, reading every hash partition of trace_codes per unit (minutes, not seconds).
packages AS (
  SELECT c.code AS code, c.product_id AS product_id, c.code_type AS level, COALESCE(c.replaced_by, c.code) AS holder
  FROM package_units p JOIN trace_codes c ON c.code = p.code
),
children AS (
  SELECT k.parent_code AS holder, k.code_type AS level,
    COUNT(*) OVER (PARTITION BY k.parent_code) AS held,
    ROW_NUMBER() OVER (PARTITION BY k.parent_code ORDER BY k.id) AS place
  FROM trace_codes k
  WHERE k.parent_code IN (SELECT holder FROM packages)
),
fills AS (
  SELECT p.code AS code, COALESCE(k.held, 0) AS held,
    (SELECT h.ratio FROM package_hierarchies h
     WHERE h.product_id = p.product_id AND h.level = p.level AND h.child_level = k.level
     ORDER BY h.id LIMIT 1) AS capacity
  FROM packages p LEFT JOIN children k ON k.holder = p.holder AND k.place = 1
)
SELECT u.code AS code,
  c.code_type AS level,
  ${businessDaySql(dialect, "e.event_time")} AS day,
  COALESCE(c.product_id, wo.product_id) AS product_id,
  wo.line_id AS line_id,
  wo.id AS work_order_id,
  CASE WHEN c.code_type = 'item' THEN 1 ELSE 0 END AS items,
  CASE WHEN c.code_type = 'box' AND p.held >= p.capacity THEN 1 ELSE 0 END AS boxes_full,
  CASE WHEN c.code_type = 'box' AND (p.capacity IS NULL OR p.held < p.capacity) THEN 1 ELSE 0 END AS boxes_partial,
  CASE WHEN c.code_type = 'case' THEN 1 ELSE 0 END AS cases,
  CASE WHEN c.code_type = 'pallet' THEN 1 ELSE 0 END AS pallets,
  -- Not a manifest field: the instant, for callers that cut days in the viewer's time zone (the dashboard).
  e.event_time AS event_time
FROM units u
JOIN _ledger_events e ON e.id = u.event_id
JOIN trace_codes c ON c.code = u.code
LEFT JOIN fills p ON p.code = u.code
LEFT JOIN production_orders wo ON wo.id = COALESCE(e.work_order_id, c.work_order_id)`;

/** Codes of each level (items, boxes, cases, pallets) per work order that an event of `kinds` named. */
const codesPerLevel = (name: string, kinds: readonly EventKind[]) => `
${name} AS (
  SELECT e.work_order_id AS work_order_id,
    COUNT(DISTINCT CASE WHEN c.code_type = 'item' THEN ec.code END) AS items,
    COUNT(DISTINCT CASE WHEN c.code_type = 'box' THEN ec.code END) AS boxes,
    COUNT(DISTINCT CASE WHEN c.code_type = 'case' THEN ec.code END) AS cases,
    COUNT(DISTINCT CASE WHEN c.code_type = 'pallet' THEN ec.code END) AS pallets
  FROM _ledger_events e JOIN _ledger_event_codes ec ON ec.event_id = e.id JOIN trace_codes c ON c.code = ec.code
  WHERE e.kind IN (${list(kinds)}) AND e.work_order_id IS NOT NULL
  GROUP BY e.work_order_id
)`;

/**
 * One row per work order: planned, its output (item activations), and the codes it used and voided,
 * each level in its own column (an item code and a pallet code are not one kind of thing to add up).
 */
const workOrderOutput = () => `
WITH ${codesPerLevel("used", CODE_USE_KINDS)}, ${codesPerLevel("voided", VOID_KINDS)}
SELECT t.*,
  CASE WHEN t.planned_qty > 0 THEN ROUND(100.0 * t.actual_qty / t.planned_qty, 1) ELSE NULL END AS completion_pct
FROM (
  SELECT wo.id AS work_order_id, wo.order_no AS order_no, wo.production_date AS day, wo.product_id AS product_id,
    wo.line_id AS line_id, COALESCE(wo.planned_qty, 0) AS planned_qty,
    (SELECT COUNT(DISTINCT ec.code) FROM _ledger_events e
       JOIN _ledger_event_codes ec ON ec.event_id = e.id JOIN trace_codes c ON c.code = ec.code
     WHERE e.work_order_id = wo.id AND e.kind IN (${list(OUTPUT_KINDS)}) AND c.code_type = 'item') AS actual_qty,
    COALESCE(u.items, 0) AS items_used, COALESCE(u.boxes, 0) AS boxes_used,
    COALESCE(u.cases, 0) AS cases_used, COALESCE(u.pallets, 0) AS pallets_used,
    COALESCE(v.items, 0) AS items_voided, COALESCE(v.boxes, 0) AS boxes_voided,
    COALESCE(v.cases, 0) AS cases_voided, COALESCE(v.pallets, 0) AS pallets_voided
  FROM production_orders wo
  LEFT JOIN used u ON u.work_order_id = wo.id
  LEFT JOIN voided v ON v.work_order_id = wo.id
) t`;

/**
 * A code a handover event names is one it handed over when, at that moment, it was not packed in
 * another code the same event names (the event names the packages, then everything inside them).
 */
const handedOverItself = `NOT EXISTS (
    SELECT 1 FROM _ledger_event_codes lc
    JOIN _ledger_events l ON l.id = lc.event_id
    JOIN _ledger_event_codes pc ON pc.event_id = e.id AND pc.code = l.parent_code
    WHERE lc.code = ec.code AND l.kind = 'pack' AND l.id < e.id
      AND NOT EXISTS (
        SELECT 1 FROM _ledger_event_codes nc JOIN _ledger_events n ON n.id = nc.event_id
        WHERE nc.code = lc.code AND n.kind IN (${list(LINK_KINDS)}) AND n.id > l.id AND n.id < e.id))`;

/**
 * One row per code handed over (成品交接), with what it held at that moment: the packages by their
 * own level (pallets, cases, boxes), and apart from them what they contain (cases and boxes inside,
 * items), so a count of packages is never added to a count of items.
 */
const handoverOutput = (dialect: Dialect) => `
WITH RECURSIVE ${movedCte("inside", HANDOVER_KINDS, handedOverItself)},
held AS (
  SELECT i.event_id AS event_id, i.root AS root,
    SUM(CASE WHEN t.code_type = 'item' THEN 1 ELSE 0 END) AS items,
    SUM(CASE WHEN t.code_type = 'box' AND i.depth > 0 THEN 1 ELSE 0 END) AS boxes_inside,
    SUM(CASE WHEN t.code_type = 'case' AND i.depth > 0 THEN 1 ELSE 0 END) AS cases_inside
  FROM inside i JOIN trace_codes t ON t.code = i.code
  GROUP BY i.event_id, i.root
)
SELECT h.root AS code,
  c.code_type AS level,
  ${businessDaySql(dialect, "e.event_time")} AS day,
  e.read_point AS from_location,
  e.biz_location AS to_location,
  c.product_id AS product_id,
  COALESCE(e.work_order_id, c.work_order_id) AS work_order_id,
  CASE WHEN c.code_type = 'pallet' THEN 1 ELSE 0 END AS pallets,
  CASE WHEN c.code_type = 'case' THEN 1 ELSE 0 END AS cases,
  CASE WHEN c.code_type = 'box' THEN 1 ELSE 0 END AS boxes,
  h.cases_inside AS cases_inside,
  h.boxes_inside AS boxes_inside,
  h.items AS items
FROM held h
JOIN _ledger_events e ON e.id = h.event_id
JOIN trace_codes c ON c.code = h.root`;

/**
 * 重码查询: one row per code that the ledger says was brought into being more than once (issued by
 * a generation job or imported from a file), across every rule, order and import. The unique index
 * of trace_codes.code and the import's row check make this empty by construction; the view still
 * counts the ledger itself, so a code written twice by any path (a bug, a restored backup, a
 * future backend without the index) shows here with its counts. The ledger records no line scans
 * yet, so a code read twice on a line cannot be listed until it does.
 */
const duplicateCodes = () => `
WITH encodings AS (
  SELECT ec.code AS code, e.kind AS kind, e.event_time AS event_time
  FROM _ledger_event_codes ec JOIN _ledger_events e ON e.id = ec.event_id
  WHERE e.kind IN (${list(ENCODING_KINDS)})
),
repeated AS (
  SELECT code,
    COUNT(*) AS occurrences,
    SUM(CASE WHEN kind = 'issue' THEN 1 ELSE 0 END) AS issued_count,
    SUM(CASE WHEN kind = 'import' THEN 1 ELSE 0 END) AS imported_count,
    MIN(event_time) AS first_seen_at,
    MAX(event_time) AS last_seen_at
  FROM encodings
  GROUP BY code
  HAVING COUNT(*) > 1
)
SELECT c.id AS id,
  r.code AS code,
  c.code_type AS code_type,
  c.product_id AS product_id,
  c.order_id AS code_order_id,
  -- A failed batch that wrote no code (a refused import) is no batch the code could come from.
  (SELECT COUNT(*) FROM code_batches b WHERE b.order_id = c.order_id AND (b.succeeded > 0 OR b.status <> 'failed')) AS batch_count,
  r.occurrences AS occurrences,
  r.issued_count AS issued_count,
  r.imported_count AS imported_count,
  r.first_seen_at AS first_seen_at,
  r.last_seen_at AS last_seen_at,
  -- every listed resource has these two: here the first and the last time the code was encoded
  r.first_seen_at AS created_at,
  r.last_seen_at AS updated_at
FROM repeated r
JOIN trace_codes c ON c.code = r.code`;

/** The projections a manifest resource may name (`projection:`), each the SELECT of its view. */
export const LEDGER_PROJECTIONS: Readonly<Record<string, (dialect: Dialect) => string>> = {
  production_output: productionOutput,
  work_order_output: workOrderOutput,
  handover_output: handoverOutput,
  duplicate_codes: duplicateCodes,
  ...LOGISTICS_PROJECTIONS,
  code_traces: codeTraces,
  inspection_events: inspectionEvents,
  warning_units: warningUnits,
  ...EPCIS_PROJECTIONS,
};
