// 信息查询's list: one row per code as the chain left it — its product, lot and
// work order's date and line, the waybill and dealer it is attributed to now (the state every
// shipping, void_shipping and return writes in its own transaction), its consumer scan count and its
// state. Nothing typed in: the code's own timeline is the trace inquiry call (lookup/trace-inquiry.ts).
import type { Dialect } from "../../db/engine/dialect";
import { businessDaySql } from "../../time/business-calendar";
export const codeTraces = (dialect: Dialect) => `
SELECT c.id AS id,
  c.code AS code,
  c.code_type AS code_type,
  c.product_id AS product_id,
  c.batch_no AS batch_no,
  o.production_date AS production_date,
  o.line_id AS line_id,
  c.waybill_id AS waybill_id,
  c.dealer_id AS dealer_id,
  ${businessDaySql(dialect, "c.shipped_at")} AS ship_date,
  c.scan_count AS scan_count,
  c.first_scan_at AS first_scan_at,
  c.status AS status,
  c.created_at AS created_at,
  c.updated_at AS updated_at
FROM trace_codes c
LEFT JOIN production_orders o ON o.id = c.work_order_id`;
