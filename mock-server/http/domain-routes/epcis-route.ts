// GET /api/tagging/tracecodes/epcis?code=… | batch_no=… | work_order_id=…: the EPCIS 2.0 export
// (domain/epcis/epcis-document.ts). Granted to whoever may read trace codes or work orders (the code
// lookup and the work order list carry the button).
import type { AppContext } from "../../context";
import { envelopeSchema } from "../../envelope";
import { callRoute, type RouteTable } from "../route-table";
import { CALLS } from "../../../schema/contract/calls";
import { epcisDocument, type EpcisScope } from "../../domain/epcis/epcis-document";

/** The scope the query names: a code, else a batch, else a work order. */
function scopeOf(input: Record<string, unknown>): EpcisScope {
  if (typeof input.code === "string") return { code: input.code };
  if (typeof input.batch_no === "string") return { batch_no: input.batch_no };
  return { work_order_id: input.work_order_id as number };
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
    handler: async (_request, input) => await epcisDocument(ctx, scopeOf(input)),
  });
}
