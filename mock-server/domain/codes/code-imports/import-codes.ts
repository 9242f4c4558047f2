// Import of external codes: the rows of a CSV/XLSX file become trace codes of a code
// order, each with a ledger `import` event, recorded as a code batch (source imported). Every
// problem is listed with its row; by default no code is written when any row fails, and with
// `skipBadRows` the good rows are written and the bad ones reported as skipped. A refused import
// still leaves its record: a failed batch (who, when, which order, how many rows) whose problem
// rows are kept with it (import-problems.ts), as are the skipped rows of one that went through.
// Codes stay unique across everything issued or imported (the checks here, and the unique index
// as the last guard).
import { randomBytes } from "node:crypto";
import { message, messageIn, type MessageLanguage } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import { ChainRefusal, invalid, notFound } from "../../refusal";
import type { Actor } from "../../../resources/stamps";
import { CODE_BATCHES, CODE_ORDERS, JobStatus } from "../code-jobs/generation-job";
import { CodeStatus } from "../../ledger/event-vocabulary";
import { issueCodes, TRACE_CODES } from "../../ledger/ledger";
import { checkImportedCodes, type CodeRowProblem, type ExistingCodes, type RowProblem } from "./check-imported-codes";
import { keepProblems } from "./import-problems";
import { kindOf, parseCodeFile, type CodeRow } from "./parse-code-file";

export interface ImportRequest {
  readonly orderId: number;
  readonly fileName: string;
  /** The file, base64. */
  readonly content: string;
  readonly skipBadRows: boolean;
  /** The language the skipped rows' reasons are answered in (English by default). */
  readonly language?: MessageLanguage;
}

export interface ImportResult {
  readonly batch_id: number;
  readonly batch_no: string;
  /** The upload answer's label of what it made (schema/contract/upload-answer.ts). */
  readonly created: string;
  readonly imported: number;
  readonly skipped: RowProblem[];
}

const LOOKUP_CHUNK = 500;

/** Existing codes with the batch they came with (for codes issued before codes named their batch: the first batch of their order, else the order). */
export const existingCodes =
  (ctx: ChainContext): ExistingCodes =>
  async (codes) => {
    const found = new Map<string, string>();
    const batchColumn = ctx.catalog.info(TRACE_CODES).byName.has("batch_id");
    for (let start = 0; start < codes.length; start += LOOKUP_CHUNK) {
      const part = codes.slice(start, start + LOOKUP_CHUNK);
      const rows = await ctx.store.all<{ code: string; batch: string | null }>(
        `SELECT t."code" AS code,
           COALESCE(${batchColumn ? `(SELECT b."batch_no" FROM "${CODE_BATCHES}" b WHERE b."id" = t."batch_id"),` : ""}
                    (SELECT b."batch_no" FROM "${CODE_BATCHES}" b WHERE b."order_id" = t."order_id" ORDER BY b."id" LIMIT 1),
                    (SELECT o."order_no" FROM "${CODE_ORDERS}" o WHERE o."id" = t."order_id")) AS batch
         FROM "${TRACE_CODES}" t WHERE t."code" IN (${part.map(() => "?").join(", ")})`,
        part,
      );
      for (const row of rows) found.set(row.code, row.batch ?? "unknown");
    }
    return found;
  };

const MAX_LISTED = 20;

const batchNumber = (now: string) =>
  `I${now.replace(/\D/g, "").slice(0, 14)}${randomBytes(4).toString("hex").toUpperCase()}`;

/**
 * A refused import's record: a failed batch of no codes and its problem rows; the refusal, naming
 * the batch. `error` is the file's name and the refusal in English, as a failed generation's; the
 * problems download words each row for its reader.
 */
async function recordRefused(
  ctx: ChainContext,
  fileName: string,
  batch: Record<string, unknown>,
  problems: readonly CodeRowProblem[],
  total: number,
  actor: Actor,
): Promise<ChainRefusal> {
  const batchNo = batchNumber(ctx.records.now());
  const refused = refusal(problems, total, batchNo);
  const batchId = await ctx.records.insert(
    ctx.catalog.info(CODE_BATCHES),
    {
      ...batch,
      batch_no: batchNo,
      succeeded: 0,
      failed: problems.length,
      status: JobStatus.failed,
      error: `${fileName}: ${messageIn("en", refused.text)}`.slice(0, 500),
      finished_at: ctx.records.now(),
    },
    actor,
  );
  await keepProblems(ctx, batchId, problems);
  return refused;
}

function refusal(problems: readonly CodeRowProblem[], total: number, batch: string): ChainRefusal {
  const summary = {
    count: problems.length,
    total,
    batch,
    rows: problems.slice(0, MAX_LISTED).map((problem) => problem.text),
  };
  return new ChainRefusal(
    "invalid",
    problems.length > MAX_LISTED
      ? message("codes.import.refusedMore", { ...summary, more: problems.length - MAX_LISTED })
      : message("codes.import.refused", summary),
    Object.fromEntries(problems.map((problem) => [`row ${problem.row}`, problem.text])),
  );
}

export async function importCodes(ctx: ChainContext, request: ImportRequest, actor: Actor): Promise<ImportResult> {
  const kind = kindOf(request.fileName);
  if (!kind) throw invalid("file_name", message("codes.import.notCsvOrXlsx", { file: request.fileName }));
  let rows;
  try {
    rows = await parseCodeFile(kind, Buffer.from(request.content, "base64"));
  } catch (error) {
    throw invalid(
      "content",
      message("codes.import.unreadable", {
        file: request.fileName,
        kind: kind.toUpperCase(),
        detail: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  if (!rows.length) throw invalid("content", message("codes.import.noCodes", { file: request.fileName }));
  const outcome = await importRows(ctx, request, rows, actor);
  if (outcome instanceof ChainRefusal) throw outcome;
  return outcome;
}

/**
 * The import in one transaction: its codes and batch, or, refused for its rows, its failed batch
 * (written before any code, so the refusal is answered after it commits).
 */
async function importRows(
  ctx: ChainContext,
  request: ImportRequest,
  rows: readonly CodeRow[],
  actor: Actor,
): Promise<ImportResult | ChainRefusal> {
  return await ctx.store.transaction(async (): Promise<ImportResult | ChainRefusal> => {
    const order = await ctx.records.row(ctx.catalog.info(CODE_ORDERS), request.orderId);
    if (!order) throw notFound(message("codes.orderMissing", { id: request.orderId }));
    if (order.status === "closed")
      throw new ChainRefusal("conflict", message("codes.orderClosed", { order: String(order.order_no) }));
    const problems = await checkImportedCodes(rows, existingCodes(ctx));
    const bad = new Set(problems.map((problem) => problem.row));
    const good = rows.filter((row) => !bad.has(row.row)).map((row) => row.code);
    const rule =
      order.rule_id == null
        ? undefined
        : await ctx.records.row(ctx.catalog.info("code_rules"), order.rule_id as number);
    const codeType = (rule?.code_type as string | undefined) ?? "item";
    const batch = {
      order_id: order.id,
      rule_id: order.rule_id ?? null,
      code_type: codeType,
      quantity: rows.length,
      source: "imported",
    };
    if ((problems.length && !request.skipBadRows) || !good.length)
      return await recordRefused(ctx, request.fileName, batch, problems, rows.length, actor);
    const values = {
      order_id: order.id,
      code_type: codeType,
      status: CodeStatus.generated,
      ...(order.product_id != null ? { product_id: order.product_id } : {}),
    };
    const batchNo = batchNumber(ctx.records.now());
    const batchId = await ctx.records.insert(
      ctx.catalog.info(CODE_BATCHES),
      {
        ...batch,
        batch_no: batchNo,
        succeeded: good.length,
        failed: problems.length,
        status: JobStatus.done,
        first_code: good[0],
        last_code: good[good.length - 1],
        finished_at: ctx.records.now(),
      },
      actor,
    );
    // The codes name the batch they came with (码查询's and 生码查询表's filter by batch).
    const withBatch = ctx.catalog.info(TRACE_CODES).byName.has("batch_id") ? { ...values, batch_id: batchId } : values;
    let next = 0;
    await issueCodes(
      ctx,
      { kind: "import", operator: actor.account, reason: `imported from ${request.fileName}` },
      good.length,
      () => good[next++],
      withBatch,
    );
    await keepProblems(ctx, batchId, problems);
    const skipped = problems.map((problem): RowProblem => ({
      row: problem.row,
      code: problem.code,
      reason: messageIn(request.language ?? "en", problem.text),
    }));
    return { batch_id: batchId, batch_no: batchNo, created: batchNo, imported: good.length, skipped };
  });
}
