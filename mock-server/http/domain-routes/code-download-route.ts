// GET /api/tagging/codebatches/download?id=N: a batch's codes as CSV (序号, 码, URL), streamed with
// csv-stringify page by page (an open SQLite cursor would hold the connection across awaits), each
// URL from the rule's consumer URL template (consumerUrl, the one function for a code's URL). The
// download is logged first (code_downloads: who, when, batch, rows), in its own transaction.
import { stringify } from "csv-stringify";
import { message } from "../../../schema/contract/messages";
import type { AppContext } from "../../context";
import { notFound } from "../../refusals";
import { callRoute, type RouteTable } from "../route-table";
import { CALLS } from "../../../schema/contract/calls";
import { actorOf } from "../../resources/stamps";
import { CODE_BATCHES } from "../../domain/code-jobs/generation-job";
import { ruleRow, urlTemplateOf } from "../../domain/code-rules/rule-of";
import { consumerUrl } from "../../domain/code-rules/segments";
import { TRACE_CODES } from "../../domain/ledger/ledger";

export const CODE_DOWNLOADS = "code_downloads";
const PAGE = 5_000;

/**
 * Which codes are the batch's: those that name it (batch_id), or, for codes issued before codes
 * named their batch, its order's codes from its first code to its last. Paged by id.
 */
function batchCodes(
  ctx: AppContext,
  batch: Record<string, unknown>,
): { where: string; params: (string | number)[] } | undefined {
  if (
    ctx.catalog.info(TRACE_CODES).byName.has("batch_id") &&
    ctx.store.get(`SELECT 1 FROM "${TRACE_CODES}" WHERE "batch_id" = ?`, [batch.id as number])
  )
    return { where: `"batch_id" = ?`, params: [batch.id as number] };
  if (!batch.first_code) return undefined;
  const ids = ctx.store.get<{ from: number | null; to: number | null }>(
    `SELECT (SELECT "id" FROM "${TRACE_CODES}" WHERE "code" = ?) AS "from", (SELECT "id" FROM "${TRACE_CODES}" WHERE "code" = ?) AS "to"`,
    [batch.first_code as string, batch.last_code as string],
  );
  if (ids?.from == null || ids.to == null) return undefined;
  return { where: `"order_id" = ? AND "id" BETWEEN ? AND ?`, params: [batch.order_id as number, ids.from, ids.to] };
}

export function registerCodeDownloadRoute(ctx: AppContext, routes: RouteTable): void {
  const batches = ctx.catalog.find(CODE_BATCHES);
  const downloads = ctx.catalog.find(CODE_DOWNLOADS);
  if (!batches || !downloads) return;
  routes.add({
    ...callRoute(CALLS.codeBatchDownload, { roles: batches.resource.writeRoles.download ?? [] }),
    tags: [CODE_BATCHES],
    handler: async (request, input, reply) => {
      const batch = ctx.records.row(batches, input.id as number);
      if (!batch) throw notFound(message("codes.batchMissing", { id: String(input.id) }));
      const codes = batchCodes(ctx, batch);
      const rows = codes
        ? ctx.store.get<{ n: number }>(`SELECT count(*) AS n FROM "${TRACE_CODES}" WHERE ${codes.where}`, codes.params)!
            .n
        : 0;
      ctx.store.transaction(() => ctx.records.insert(downloads, { batch_id: batch.id, rows }, actorOf(ctx, request)));
      const template = urlTemplateOf(ruleRow(ctx, batch.rule_id as number));
      const host = request.headers.host ?? "localhost";
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${String(batch.batch_no)}.csv"`,
      });
      const csv = stringify({ header: true, columns: ["序号", "码", "URL"], bom: true });
      csv.pipe(reply.raw);
      let number = 0;
      for (let after = 0; codes;) {
        const page = ctx.store.all<{ id: number; code: string }>(
          `SELECT "id" AS id, "code" AS code FROM "${TRACE_CODES}" WHERE ${codes.where} AND "id" > ? ORDER BY "id" LIMIT ${PAGE}`,
          [...codes.params, after],
        );
        if (!page.length) break;
        for (const { code } of page) {
          number += 1;
          if (!csv.write([number, code, consumerUrl(template, code, host)]))
            await new Promise((drained) => csv.once("drain", drained));
        }
        after = page[page.length - 1].id;
      }
      csv.end();
      await new Promise((finished) => reply.raw.once("finish", finished));
      return undefined;
    },
  });
}
