// POST /api/tagging/codebatches/import: a file of external codes into a code order (import-codes.ts).
// The file travels base64 in the JSON body (the API's one body format; under BODY_LIMIT, about
// 750 KB of file). Granted to the holders of the manifest's button on code_batches.import.
// GET /api/tagging/codebatches/problems?id=N: an import's problem rows as CSV (行号, 码, 问题), each
// reason in the request's language, streamed with csv-stringify; granted to code_batches.problems.
import { stringify } from "csv-stringify";
import type { AppContext } from "../../context";
import { envelopeSchema } from "../../envelope";
import { languageOfRequest } from "../../errors";
import { callRoute, type RouteTable } from "../route-table";
import { CALLS } from "../../../schema/contract/calls";
import { SAFE_CSV_CAST } from "../../resources/export/csv-cells";
import { actorOf } from "../../resources/stamps";
import { CODE_BATCHES, CODE_ORDERS } from "../../domain/codes/code-jobs/generation-job";
import { importCodes } from "../../domain/codes/code-imports/import-codes";
import {
  createImportProblemTable,
  IMPORT_PROBLEMS_HEADER,
  importProblems,
} from "../../domain/codes/code-imports/import-problems";

export async function registerCodeImportRoute(ctx: AppContext, routes: RouteTable): Promise<void> {
  const orders = ctx.catalog.find(CODE_ORDERS);
  const batches = ctx.catalog.find(CODE_BATCHES);
  if (!orders || !batches?.byName.has("source")) return;
  await createImportProblemTable(ctx.store);
  routes.add({
    ...callRoute(CALLS.codeBatchImport, { roles: batches.resource.writeRoles.import ?? [] }),
    response: envelopeSchema(CALLS.codeBatchImport.data),
    tags: [CODE_BATCHES],
    handler: async (request, input) =>
      await importCodes(
        ctx,
        {
          orderId: input.order_id as number,
          fileName: input.file_name as string,
          content: input.content as string,
          skipBadRows: input.skip_bad_rows === true,
          language: languageOfRequest(request),
        },
        await actorOf(ctx, request),
      ),
  });
  routes.add({
    ...callRoute(CALLS.codeBatchProblems, { roles: batches.resource.writeRoles.problems ?? [] }),
    tags: [CODE_BATCHES],
    handler: async (request, input, reply) => {
      const problems = await importProblems(ctx, input.id as number, languageOfRequest(request));
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${problems.name}.csv"`,
      });
      const csv = stringify({ header: true, columns: IMPORT_PROBLEMS_HEADER, bom: true, cast: SAFE_CSV_CAST });
      csv.pipe(reply.raw);
      for await (const row of problems.rows)
        if (!csv.write(row)) await new Promise((drained) => csv.once("drain", drained));
      csv.end();
      await new Promise((finished) => reply.raw.once("finish", finished));
      return undefined;
    },
  });
}
