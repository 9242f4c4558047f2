// The list call of a report resource.
import type { AppContext } from "../context";
import { envelopeSchema } from "../envelope";
import type { RouteTable } from "../http/route-table";
import { listQuerySchema } from "./list-params";
import { parseReportQuery, planReport, runReport } from "./report-query";
import type { ContractResource } from "../../schema/contract/server-contract";

export function registerReportRoutes(ctx: AppContext, routes: RouteTable, resource: ContractResource): void {
  const endpoint = resource.endpoints.list;
  if (!endpoint || !resource.report) return;
  const plan = planReport(ctx.catalog, resource);
  const asBody = endpoint.method !== "GET";
  const input = listQuerySchema(plan.params, asBody);
  if (asBody) input.type = ["object", "null"];
  const properties: Record<string, unknown> = {
    list: { type: "array", items: resource.schemas.record },
    total: { type: "integer" },
  };
  if (resource.paged) Object.assign(properties, { page: { type: "integer" }, size: { type: "integer" } });
  routes.add({
    endpoint,
    owner: `${resource.name}.list`,
    access: { roles: resource.readRoles },
    input,
    response: envelopeSchema({ type: "object", properties }),
    tags: [resource.name],
    summary: `Report: ${resource.title}`,
    handler: async (_request, query) =>
      await runReport(ctx.store, ctx.catalog, plan, parseReportQuery(plan, query), resource.paged),
  });
}
