// The logistics reports' projections of the ledger, as SQL views. A shipping or
// return event names only its own codes (a pallet: its SSCC); what each of them held at that moment
// is read from the ledger too (moved-units.ts), so a box unpacked after its return still counted its
// items when it left. Plain SQL (WITH RECURSIVE, correlated subqueries) a PostgreSQL backend can hold.
import type { Dialect } from "../../db/engine/dialect";
import { businessDaySql } from "../../time/business-calendar";
import { CodeStatus, RETURN_KINDS, SHIPPING_KINDS, UNSHIPPING_KINDS } from "../ledger/event-vocabulary";
import { movedCte } from "./moved-units";
import { notDeclared } from "../ledger/error-declarations";

const levelCounts = `
  CASE WHEN c.code_type = 'item' THEN 1 ELSE 0 END AS items,
  CASE WHEN c.code_type = 'box' THEN 1 ELSE 0 END AS boxes,
  CASE WHEN c.code_type = 'case' THEN 1 ELSE 0 END AS cases,
  CASE WHEN c.code_type = 'pallet' THEN 1 ELSE 0 END AS pallets`;

const partyDealer = (direction: "source" | "destination") => `
  (SELECT d.id FROM _ledger_parties p JOIN dealers d ON d.dealer_code = p.value
   WHERE p.event_id = e.id AND p.direction = '${direction}' AND p.type = 'owning_party' ORDER BY d.id LIMIT 1)`;

/**
 * 仓库发货: one row per unit a shipment moved that still stands — not taken back later by a
 * void_shipping on the same bol that moved the unit too (a reduction, an exchange's old code, an
 * unbinding; a box unpacked at the dealer before its case was reduced stays shipped). A cancelled
 * draft never shipped, so it has no rows; an unbound waybill's all went back. A later return does
 * not undo a shipment: returns are their own report.
 */
const shipmentUnits = (
  dialect: Dialect,
) => `WITH RECURSIVE ${movedCte("moved", SHIPPING_KINDS)}, ${movedCte("taken", UNSHIPPING_KINDS)}
SELECT m.event_id AS event_id,
  m.code AS code,
  c.code_type AS level,
  ${businessDaySql(dialect, "e.event_time")} AS day,
  ${partyDealer("destination")} AS dealer_id,
  (SELECT w.id FROM warehouses w WHERE w.warehouse_code = e.biz_location ORDER BY w.id LIMIT 1) AS warehouse_id,
  (SELECT wb.id FROM _ledger_biz_transactions b JOIN waybills wb ON wb.waybill_no = b.value
   WHERE b.event_id = e.id AND b.type = 'bol' ORDER BY wb.id LIMIT 1) AS waybill_id,
  c.product_id AS product_id,
  ${levelCounts},
  e.event_time AS event_time
FROM moved m
JOIN _ledger_events e ON e.id = m.event_id
JOIN trace_codes c ON c.code = m.code
WHERE NOT EXISTS (
  SELECT 1 FROM taken t
  JOIN _ledger_biz_transactions vb ON vb.event_id = t.event_id AND vb.type = 'bol'
  JOIN _ledger_biz_transactions sb ON sb.event_id = e.id AND sb.type = 'bol' AND sb.value = vb.value
  WHERE t.code = m.code AND t.event_id > e.id)`;

/**
 * 退货报表: one row per unit a dealer's return brought back, with its RMA and the dealer it came from.
 * A return declared in error (a code received by mistake) brought nothing back.
 */
const returnUnits = (dialect: Dialect) => `WITH RECURSIVE ${movedCte("moved", RETURN_KINDS)}
SELECT m.event_id AS event_id,
  m.code AS code,
  c.code_type AS level,
  ${businessDaySql(dialect, "e.event_time")} AS day,
  ${partyDealer("source")} AS dealer_id,
  (SELECT b.value FROM _ledger_biz_transactions b WHERE b.event_id = e.id AND b.type = 'rma' ORDER BY b.value LIMIT 1) AS rma,
  (SELECT w.id FROM warehouses w WHERE w.warehouse_code = e.biz_location ORDER BY w.id LIMIT 1) AS warehouse_id,
  c.product_id AS product_id,
  ${levelCounts},
  e.event_time AS event_time
FROM moved m
JOIN _ledger_events e ON e.id = m.event_id
JOIN trace_codes c ON c.code = m.code
WHERE ${notDeclared("e")}`;

/**
 * 市场存量 (net in market): one row per item out in the market now, under the dealer and waybill it
 * is attributed to (its state, which every shipping, void_shipping and return event writes in its
 * own transaction): shipped minus taken back minus returned, each unit once.
 */
const marketUnits = (dialect: Dialect) => `
SELECT c.code AS code,
  c.dealer_id AS dealer_id,
  c.waybill_id AS waybill_id,
  c.product_id AS product_id,
  ${businessDaySql(dialect, "c.shipped_at")} AS day,
  1 AS items
FROM trace_codes c
WHERE c.status = '${CodeStatus.shipped}' AND c.code_type = 'item' AND c.dealer_id IS NOT NULL`;

export const LOGISTICS_PROJECTIONS: Readonly<Record<string, (dialect: Dialect) => string>> = {
  shipment_units: shipmentUnits,
  return_units: returnUnits,
  market_units: marketUnits,
};
