// GET /api/tagging/codebatches/download?id=N: a batch's codes as CSV (序号, 码, URL), streamed with
// csv-stringify as the rule gives the rows, waiting for the socket to drain. The download is logged
// before the first byte (domain/codes/code-downloads/batch-download.ts).
import { stringify } from "csv-stringify";
import { SAFE_CSV_CAST } from "../../resources/export/csv-cells";
import type { AppContext } from "../../context";
import { callRoute, type RouteTable } from "../route-table";
import { CALLS } from "../../../schema/contract/calls";
import { actorOf } from "../../resources/stamps";
import { CODE_BATCHES } from "../../domain/codes/code-jobs/generation-job";
import { BATCH_DOWNLOAD_HEADER, CODE_DOWNLOADS, downloadBatch } from "../../domain/codes/code-downloads/batch-download";

export function registerCodeDownloadRoute(ctx: AppContext, routes: RouteTable): void {
  const batches = ctx.catalog.find(CODE_BATCHES);
  const downloads = ctx.catalog.find(CODE_DOWNLOADS);
  if (!batches || !downloads) return;
  routes.add({
    ...callRoute(CALLS.codeBatchDownload, { roles: batches.resource.writeRoles.download ?? [] }),
    tags: [CODE_BATCHES],
    handler: async (request, input, reply) => {
      const download = await downloadBatch(
        ctx,
        { batches, downloads },
        input.id as number,
        await actorOf(ctx, request),
      );
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${download.name}.csv"`,
      });
      const csv = stringify({ header: true, columns: BATCH_DOWNLOAD_HEADER, bom: true, cast: SAFE_CSV_CAST });
      csv.pipe(reply.raw);
      for await (const row of download.rows)
        if (!csv.write(row)) await new Promise((drained) => csv.once("drain", drained));
      csv.end();
      await new Promise((finished) => reply.raw.once("finish", finished));
      return undefined;
    },
  });
}
