// POST /api/physical/waybills/import (a draft waybill from a file of codes, import-waybill.ts) and
// GET /api/physical/waybills/download (a waybill's detail as XLSX or CSV, through the list
// exports' streaming writers). Each is granted to the holders of the manifest button that names
// it (waybills.import, waybills.download_xlsx / download_csv).
import type { AppContext } from "../../context";
import { envelopeSchema } from "../../envelope";
import { languageOfRequest } from "../../errors";
import { notFound } from "../../refusals";
import { message } from "../../../schema/contract/messages";
import { callRoute, type RouteTable } from "../route-table";
import { CONTENT_TYPES, exportWriter, type ExportFormat } from "../../resources/export/export-writers";
import { actorOf } from "../../resources/stamps";
import { CALLS } from "../../../schema/contract/calls";
import { importWaybill } from "../../domain/logistics/waybill-files/import-waybill";
import { waybillDetailRows, WAYBILL_DETAIL_HEADER } from "../../domain/logistics/waybill-files/waybill-detail";

export function registerWaybillFileRoutes(ctx: AppContext, routes: RouteTable): void {
  const waybills = ctx.catalog.find("waybills");
  if (!waybills || !ctx.catalog.find("waybill_codes")) return;
  const rolesOf = (...actions: string[]) => [
    ...new Set(actions.flatMap((action) => waybills.resource.writeRoles[action] ?? [])),
  ];
  routes.add({
    ...callRoute(CALLS.waybillImport, { roles: rolesOf("import") }),
    response: envelopeSchema(CALLS.waybillImport.data),
    tags: ["waybills"],
    handler: async (request, input) =>
      await importWaybill(
        ctx,
        {
          dealerId: input.dealer_id as number,
          warehouseId: input.warehouse_id as number,
          fileName: input.file_name as string,
          content: input.content as string,
          waybillNo: input.waybill_no as string | undefined,
          skipBadRows: input.skip_bad_rows === true,
          language: languageOfRequest(request),
        },
        await actorOf(ctx, request),
      ),
  });
  routes.add({
    ...callRoute(CALLS.waybillDownload, { roles: rolesOf("download_xlsx", "download_csv") }),
    tags: ["waybills"],
    handler: async (_request, input, reply) => {
      const waybill = await ctx.records.row(waybills, input.id as number);
      if (!waybill) throw notFound(message("logistics.waybillMissing", { id: String(input.id) }));
      const format = (input.format as ExportFormat | undefined) ?? "xlsx";
      const rows = await waybillDetailRows(ctx, waybill.id as number);
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": CONTENT_TYPES[format],
        "content-disposition": `attachment; filename="${String(waybill.waybill_no)}.${format}"`,
      });
      const writer = exportWriter(format, reply.raw, WAYBILL_DETAIL_HEADER, String(waybill.waybill_no));
      await writer.rows(rows);
      await writer.end();
      return undefined;
    },
  });
}
