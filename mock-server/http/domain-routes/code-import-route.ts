// POST /api/tagging/codebatches/import: a file of external codes into a code order (import-codes.ts).
// The file travels base64 in the JSON body (the API's one body format; under BODY_LIMIT, about
// 750 KB of file). Granted to the holders of the manifest's button on code_batches.import.
import type { AppContext } from "../../context";
import { envelopeSchema } from "../../envelope";
import { languageOfRequest } from "../../errors";
import { callRoute, type RouteTable } from "../route-table";
import { CALLS } from "../../../schema/contract/calls";
import { actorOf } from "../../resources/stamps";
import { CODE_BATCHES, CODE_ORDERS } from "../../domain/code-jobs/generation-job";
import { importCodes } from "../../domain/code-imports/import-codes";

export function registerCodeImportRoute(ctx: AppContext, routes: RouteTable): void {
  const orders = ctx.catalog.find(CODE_ORDERS);
  const batches = ctx.catalog.find(CODE_BATCHES);
  if (!orders || !batches?.byName.has("source")) return;
  routes.add({
    ...callRoute(CALLS.codeBatchImport, { roles: batches.resource.writeRoles.import ?? [] }),
    response: envelopeSchema(CALLS.codeBatchImport.data),
    tags: [CODE_BATCHES],
    handler: (request, input) =>
      importCodes(
        ctx,
        {
          orderId: input.order_id as number,
          fileName: input.file_name as string,
          content: input.content as string,
          skipBadRows: input.skip_bad_rows === true,
          language: languageOfRequest(request),
        },
        actorOf(ctx, request),
      ),
  });
}
