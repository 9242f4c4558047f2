// GET /api/tagging/tracecodes/lookup (码查询) and GET /api/plant/packages/contents (箱码查询): for
// the accounts that may read trace codes (the manifest's menus on trace_codes); GET
// /api/inspect/codetraces/lookup (信息查询) for those who may read code_traces (inspectors).
import type { AppContext } from "../../context";
import { envelopeSchema } from "../../envelope";
import { callRoute, type RouteTable } from "../route-table";
import { CALLS } from "../../../schema/contract/calls";
import { codeDetail } from "../../domain/lookup/code-detail";
import { packageContents } from "../../domain/lookup/package-contents";
import { traceInquiry } from "../../domain/lookup/trace-inquiry";

export function registerChainLookupRoutes(ctx: AppContext, routes: RouteTable): void {
  const traces = ctx.catalog.find("code_traces");
  if (traces)
    routes.add({
      ...callRoute(CALLS.traceInquiry, { roles: traces.resource.readRoles }),
      response: envelopeSchema(CALLS.traceInquiry.data),
      tags: ["code_traces"],
      handler: async (_request, input) =>
        await traceInquiry(ctx, input.code as string, input.geo as string | undefined),
    });
  const codes = ctx.catalog.find("trace_codes");
  if (!codes) return;
  const access = { roles: codes.resource.readRoles };
  routes.add({
    ...callRoute(CALLS.codeDetail, access),
    response: envelopeSchema(CALLS.codeDetail.data),
    tags: ["trace_codes"],
    handler: async (_request, input) => await codeDetail(ctx, input.code as string),
  });
  routes.add({
    ...callRoute(CALLS.packageContents, access),
    response: envelopeSchema(CALLS.packageContents.data),
    tags: ["trace_codes"],
    handler: async (_request, input) => await packageContents(ctx, input.code as string),
  });
}
