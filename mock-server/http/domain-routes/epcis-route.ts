// GET /api/tagging/tracecodes/epcis?code=… | batch_no=… | work_order_id=…: the EPCIS 2.0 export.
// Granted to whoever may read trace codes or work orders (the code lookup and the work order list
// carry the button). An unknown code, batch or work order is a 404 naming it, not an empty document.
import { message } from "../../../schema/contract/messages";
import type { AppContext } from "../../context";
import { envelopeSchema } from "../../envelope";
import { notFound } from "../../refusals";
import { callRoute, type RouteTable } from "../route-table";
import { CALLS } from "../../../schema/contract/calls";
import { epcisDocument, type EpcisScope } from "../../domain/epcis/epcis-document";

function scopeOf(ctx: AppContext, input: Record<string, unknown>): EpcisScope {
  if (typeof input.code === "string") {
    if (!ctx.store.get(`SELECT 1 FROM trace_codes WHERE code = ?`, [input.code]))
      throw notFound(message("codes.epcisNoCode", { code: input.code }, "code"));
    return { code: input.code };
  }
  if (typeof input.batch_no === "string") {
    if (!ctx.store.get(`SELECT 1 FROM trace_codes WHERE batch_no = ?`, [input.batch_no]))
      throw notFound(message("codes.epcisNoBatch", { batch: input.batch_no }, "batch_no"));
    return { batch_no: input.batch_no };
  }
  const id = input.work_order_id as number;
  if (!ctx.store.get(`SELECT 1 FROM production_orders WHERE id = ?`, [id]))
    throw notFound(message("codes.epcisNoWorkOrder", { id }, "work_order_id"));
  return { work_order_id: id };
}

export function registerEpcisRoute(ctx: AppContext, routes: RouteTable): void {
  const codes = ctx.catalog.find("trace_codes");
  const orders = ctx.catalog.find("production_orders");
  if (!codes || !orders) return;
  const roles = [...new Set([...codes.resource.readRoles, ...orders.resource.readRoles])];
  routes.add({
    ...callRoute(CALLS.epcisExport, { roles }),
    response: envelopeSchema({ type: "object" }),
    tags: ["epcis"],
    handler: (_request, input) => epcisDocument(ctx, scopeOf(ctx, input)),
  });
}
