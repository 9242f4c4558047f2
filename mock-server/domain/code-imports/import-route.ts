// POST /api/tagging/codebatches/import: a file of external codes into a code order (import-codes.ts).
// The file travels base64 in the JSON body (the API's one body format; under BODY_LIMIT, about
// 750 KB of file). Granted to whoever may create code orders.
import type { AppContext } from "../../context";
import { envelopeSchema } from "../../envelope";
import type { RouteTable } from "../../http/route-table";
import { writeRoles } from "../../resources/entity-routes";
import { actorOf } from "../../resources/stamps";
import { CODE_BATCHES, CODE_ORDERS } from "../code-jobs/generation-job";
import { importCodes } from "./import-codes";

export const IMPORT_ENDPOINT = { method: "POST", path: "/api/tagging/codebatches/import" } as const;

export function registerCodeImportRoute(ctx: AppContext, routes: RouteTable): void {
  const orders = ctx.catalog.find(CODE_ORDERS);
  if (!orders || !ctx.catalog.find(CODE_BATCHES)?.byName.has("source")) return;
  routes.add({
    endpoint: IMPORT_ENDPOINT,
    owner: "code_batches.import",
    access: { roles: writeRoles(orders, "create") },
    input: {
      type: "object",
      additionalProperties: false,
      required: ["order_id", "file_name", "content"],
      properties: {
        order_id: { type: "integer", minimum: 1 },
        file_name: { type: "string", minLength: 1, maxLength: 200 },
        content: { type: "string", minLength: 1, contentEncoding: "base64" },
        skip_bad_rows: { type: "boolean", default: false },
      },
    },
    response: envelopeSchema({ type: "object" }),
    tags: [CODE_BATCHES],
    summary: "Import external codes from a CSV or XLSX file into a code order",
    handler: (request, input) =>
      importCodes(
        ctx,
        { orderId: input.order_id as number, fileName: input.file_name as string, content: input.content as string, skipBadRows: input.skip_bad_rows === true },
        actorOf(ctx, request),
      ),
  });
}
