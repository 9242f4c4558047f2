// The download of a code batch: which codes are the batch's, the log row of the download
// (code_downloads: who, when, batch, rows), and the file's rows (序号, 码, URL), each URL from the
// rule's consumer URL template on the public origin (consumerUrl, the one function for a code's URL).
import { message } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import { notFound } from "../../refusal";
import type { ResourceInfo } from "../../../resources/catalog";
import type { Actor } from "../../../resources/stamps";
import { ruleRow, urlTemplateOf } from "../code-rules/rule-of";
import { consumerUrl } from "../code-rules/segments";
import { TRACE_CODES } from "../../ledger/ledger";

export const CODE_DOWNLOADS = "code_downloads";
export const BATCH_DOWNLOAD_HEADER = ["序号", "码", "URL"];
const PAGE = 5_000;

/**
 * Which codes are the batch's: those that name it (batch_id), or, for codes issued before codes
 * named their batch, its order's codes from its first code to its last. Paged by id.
 */
async function batchCodes(
  ctx: ChainContext,
  batch: Record<string, unknown>,
): Promise<{ where: string; params: (string | number)[] } | undefined> {
  if (
    ctx.catalog.info(TRACE_CODES).byName.has("batch_id") &&
    (await ctx.store.get(`SELECT 1 FROM "${TRACE_CODES}" WHERE "batch_id" = ?`, [batch.id as number]))
  )
    return { where: `"batch_id" = ?`, params: [batch.id as number] };
  if (!batch.first_code) return undefined;
  const ids = await ctx.store.get<{ from: number | null; to: number | null }>(
    `SELECT (SELECT "id" FROM "${TRACE_CODES}" WHERE "code" = ?) AS "from", (SELECT "id" FROM "${TRACE_CODES}" WHERE "code" = ?) AS "to"`,
    [batch.first_code as string, batch.last_code as string],
  );
  if (ids?.from == null || ids.to == null) return undefined;
  return { where: `"order_id" = ? AND "id" BETWEEN ? AND ?`, params: [batch.order_id as number, ids.from, ids.to] };
}

export interface BatchDownload {
  /** The file's name without its extension: the batch's number. */
  readonly name: string;
  /**
   * The file's rows after BATCH_DOWNLOAD_HEADER, read a page at a time: a page is one query, so no
   * cursor stays open while the caller awaits between rows.
   */
  readonly rows: AsyncIterable<[number, string, string]>;
}

async function* rowsOf(
  ctx: ChainContext,
  codes: Awaited<ReturnType<typeof batchCodes>>,
  template: string,
  origin: string,
): AsyncGenerator<[number, string, string]> {
  let number = 0;
  for (let after = 0; codes;) {
    const page = await ctx.store.all<{ id: number; code: string }>(
      `SELECT "id" AS id, "code" AS code FROM "${TRACE_CODES}" WHERE ${codes.where} AND "id" > ? ORDER BY "id" LIMIT ${PAGE}`,
      [...codes.params, after],
    );
    if (!page.length) return;
    for (const { code } of page) {
      number += 1;
      yield [number, code, consumerUrl(template, code, origin)];
    }
    after = page[page.length - 1].id;
  }
}

/**
 * Logs `actor`'s download of batch `batchId` and gives its rows, each URL on the public origin. An
 * unknown batch is a 404 that logs nothing. The batch, its count and the log row are one
 * transaction, so the count logged is the batch's as it was read, whatever else runs meanwhile.
 */
export async function downloadBatch(
  ctx: ChainContext,
  infos: { batches: ResourceInfo; downloads: ResourceInfo },
  batchId: number,
  actor: Actor,
): Promise<BatchDownload> {
  const { batch, codes } = await ctx.store.transaction(async () => {
    const batch = await ctx.records.row(infos.batches, batchId);
    if (!batch) throw notFound(message("codes.batchMissing", { id: String(batchId) }));
    const codes = await batchCodes(ctx, batch);
    const counted = codes
      ? await ctx.store.get<{ n: number }>(
          `SELECT count(*) AS n FROM "${TRACE_CODES}" WHERE ${codes.where}`,
          codes.params,
        )
      : undefined;
    await ctx.records.insert(infos.downloads, { batch_id: batch.id, rows: counted?.n ?? 0 }, actor);
    return { batch, codes };
  });
  const template = urlTemplateOf(await ruleRow(ctx, batch.rule_id as number));
  return { name: String(batch.batch_no), rows: rowsOf(ctx, codes, template, ctx.options.publicOrigin) };
}
