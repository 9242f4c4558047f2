// Upload of a waybill file: the rows of a CSV/XLSX file of codes (any packaging
// level) become a new draft waybill for a dealer, each row checked by the same rule as 扫码加入运单
// (addToWaybill: unknown, voided, not activated, packed in another, already on a waybill, an empty
// package…). The waybill keeps the number the warehouse gave it — a 运单号 column of the file, or
// the form's number — and is refused when that number is taken; only a file without one gets a
// generated WU… number. Every bad row is listed with its row number and reason and written to
// 出库异常日志 (file, row, code, reason, who, when, skipped or not) — also when the upload is
// refused, so the log keeps what the warehouse tried; the log keeps each reason as the catalog's key
// and parameters, so every reader reads it in their own language (resources/read-hooks.ts), the
// answer in the request's. By default nothing is created when any row is bad; with
// skipBadRows the waybill holds the good rows. The waybill is a draft: shipping stays its own step.
import { randomBytes } from "node:crypto";
import type { ChainContext } from "../../chain-context";
import { ChainRefusal, invalid, Refusal } from "../../refusal";
import { INPUT_RULE_PATTERN } from "../../../../schema/contract/patterns";
import {
  message,
  messageIn,
  type Message,
  type MessageLanguage,
  type ParamValue,
} from "../../../../schema/contract/messages";
import type { Actor } from "../../../resources/stamps";
import { addToWaybill } from "../add-waybill-code";
import { kindOf, parseCodeFile, type CodeRow } from "../../codes/code-imports/parse-code-file";
import { waybillStatusWord } from "../logistics-words";
import type { RowProblem } from "../../codes/code-imports/check-imported-codes";
import { WaybillStatus } from "../waybill-contents";
import { businessZone } from "../../../time/business-zone";
import { businessDayOf } from "../../../time/business-day";

export const WMS_ERRORS = "wms_errors";
const MAX_LISTED = 20;

export interface WaybillUpload {
  readonly dealerId: number;
  readonly warehouseId: number;
  readonly fileName: string;
  /** The file, base64. */
  readonly content: string;
  /** The waybill's own number, as the form gives it (the file may give it too, in a 运单号 column). */
  readonly waybillNo?: string;
  readonly skipBadRows: boolean;
  /** The language the skipped rows' reasons are answered in (English by default). */
  readonly language?: MessageLanguage;
}

export interface WaybillUploadResult {
  readonly waybill_id: number;
  readonly waybill_no: string;
  readonly created: string;
  readonly imported: number;
  readonly skipped: RowProblem[];
}

/** The headings (lower case) of a WMS file's column of waybill numbers. */
const WAYBILL_NO_HEADINGS = ["运单号", "单号", "waybill_no", "waybill no", "waybill no.", "waybill number", "waybill"];

const generatedNumber = (now: string) =>
  `WU${now.replace(/\D/g, "").slice(0, 14)}${randomBytes(2).toString("hex").toUpperCase()}`;

/**
 * The number the new waybill keeps: the form's or the file's (they must agree, and the file names one
 * at most), checked as the waybill's own field is; a number already taken is refused (409). Without
 * one, a generated WU… number.
 */
async function waybillNumberOf(ctx: ChainContext, upload: WaybillUpload, rows: readonly CodeRow[]): Promise<string> {
  const file = upload.fileName;
  const inFile = [...new Set(rows.map((row) => row.columns.waybill_no ?? "").filter(Boolean))];
  if (inFile.length > 1)
    throw invalid("content", message("logistics.upload.manyNumbers", { file, numbers: inFile.join(", ") }));
  const given = upload.waybillNo?.trim() || undefined;
  if (given && inFile[0] && given !== inFile[0])
    throw invalid("waybill_no", message("logistics.upload.numberMismatch", { given, inFile: inFile[0], file }));
  const number = given ?? inFile[0];
  if (!number) return generatedNumber(ctx.records.now());
  const column = ctx.catalog.info("waybills").byName.get("waybill_no");
  const max = column?.maxLength ?? 32;
  if (Array.from(number).length > max || (column?.inputRule && !new RegExp(INPUT_RULE_PATTERN, "u").test(number)))
    throw invalid(given ? "waybill_no" : "content", message("logistics.upload.badNumber", { waybill_no: number, max }));
  const taken = await ctx.store.get<{ status: string }>(
    `SELECT "status" AS status FROM "waybills" WHERE "waybill_no" = ?`,
    [number],
  );
  if (taken) {
    const text = message(
      "logistics.upload.numberTaken",
      { waybill_no: number, status: waybillStatusWord(taken.status) },
      "waybill_no",
    );
    throw new ChainRefusal("duplicate", text, { waybill_no: text });
  }
  return number;
}

/** A bad row: its number, its code and why, as a message ("row 3: code: … is voided"). */
interface BadRow {
  readonly row: number;
  readonly code: string;
  readonly text: Message;
}

const badRow = (row: number, code: string, reason: Message): BadRow => ({
  row,
  code,
  text: message("logistics.upload.row", { row, reason }),
});

/**
 * `text` with the new waybill, wherever a message names it ("waybill W"), named "an earlier row of
 * this file": its number means nothing to the uploader, and it is gone if the file is refused.
 */
function withEarlierRow(text: Message, waybillNo: string): Message {
  const replace = (value: ParamValue): ParamValue => {
    if (Array.isArray(value)) return value.map((item: Message) => withEarlierRow(item, waybillNo));
    if (typeof value !== "object") return value;
    const ref = value as Message;
    return ref.key === "logistics.waybill" && ref.params?.waybill_no === waybillNo
      ? message("logistics.upload.earlierRow")
      : withEarlierRow(ref, waybillNo);
  };
  if (!text.params) return text;
  return {
    ...text,
    params: Object.fromEntries(Object.entries(text.params).map(([name, value]) => [name, replace(value)])),
  };
}

const asProblem = (bad: BadRow, language: MessageLanguage): RowProblem => ({
  row: bad.row,
  code: bad.code,
  reason: messageIn(language, bad.text),
});

function refusal(problems: readonly BadRow[], total: number): ChainRefusal {
  const rows = problems.slice(0, MAX_LISTED).map((problem) => problem.text);
  const counts = { count: problems.length, total, rows };
  return new ChainRefusal(
    "invalid",
    problems.length > MAX_LISTED
      ? message("logistics.upload.refusedMore", { ...counts, more: problems.length - MAX_LISTED })
      : message("logistics.upload.refused", counts),
    Object.fromEntries(problems.map((problem) => [`row ${problem.row}`, problem.text])),
  );
}

/** Each bad row into 出库异常日志, in its own transaction (a refused upload rolls its own work back, not this). */
async function logProblems(
  ctx: ChainContext,
  upload: WaybillUpload,
  bad: readonly BadRow[],
  skipped: boolean,
  waybillId: number | null,
  actor: Actor,
): Promise<void> {
  const log = ctx.catalog.find(WMS_ERRORS);
  if (!log || !bad.length) return;
  const keyed = log.byName.has("message_key") && log.byName.has("message_params");
  await ctx.store.transaction(async () => {
    for (const problem of bad)
      await ctx.records.insert(
        log,
        {
          waybill_id: waybillId,
          code: problem.code.slice(0, 64) || "-",
          warehouse_id: upload.warehouseId,
          error_type: "upload_row",
          // The text for whoever reads the table without the server; the API words it from the key.
          message: messageIn("en", problem.text).slice(0, 500),
          ...(keyed
            ? { message_key: problem.text.key, message_params: JSON.stringify(problem.text.params ?? {}) }
            : {}),
          file_name: upload.fileName.slice(0, 200),
          row_no: problem.row,
          skipped,
          occurred_at: ctx.records.now(),
        },
        actor,
      );
  });
}

export async function importWaybill(
  ctx: ChainContext,
  upload: WaybillUpload,
  actor: Actor,
): Promise<WaybillUploadResult> {
  const kind = kindOf(upload.fileName);
  if (!kind) throw invalid("file_name", message("logistics.upload.notSpreadsheet", { file: upload.fileName }));
  let rows;
  try {
    rows = await parseCodeFile(kind, Buffer.from(upload.content, "base64"), { waybill_no: WAYBILL_NO_HEADINGS });
  } catch (error) {
    throw invalid(
      "content",
      message("logistics.upload.unreadable", {
        file: upload.fileName,
        kind: kind.toUpperCase(),
        detail: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  if (!rows.length) throw invalid("content", message("logistics.upload.noCodes", { file: upload.fileName }));
  for (const [field, table, id] of [
    ["dealer_id", "dealers", upload.dealerId],
    ["warehouse_id", "warehouses", upload.warehouseId],
  ] as const)
    if (!(await ctx.store.get(`SELECT 1 FROM "${table}" WHERE "id" = ?`, [id])))
      throw invalid(field, message("common.rule.refMissing", { resource: table, id }));
  const waybills = ctx.catalog.info("waybills");
  const lines = ctx.catalog.info("waybill_codes");
  const problems: BadRow[] = [];
  try {
    const result = await ctx.store.transaction(async () => {
      const number = await waybillNumberOf(ctx, upload, rows);
      const waybillId = await ctx.records.insert(
        waybills,
        {
          waybill_no: number,
          dealer_id: upload.dealerId,
          warehouse_id: upload.warehouseId,
          ship_date: businessDayOf(ctx.clock(), await businessZone(ctx)),
          status: WaybillStatus.draft,
          remark: `uploaded from ${upload.fileName}`.slice(0, 200),
        },
        actor,
      );
      let written = 0;
      for (const row of rows) {
        if (!row.code) {
          problems.push(badRow(row.row, "", message("logistics.upload.noCode")));
          continue;
        }
        try {
          // One savepoint per row: a refused row leaves nothing behind, the others stand.
          await ctx.store.transaction(
            async () =>
              await ctx.records.insert(
                lines,
                { code: row.code, waybill_id: waybillId, ...(await addToWaybill(ctx, waybillId, row.code)) },
                actor,
              ),
          );
          written += 1;
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          problems.push(badRow(row.row, row.code, withEarlierRow(error.text, number)));
        }
      }
      if (!written || (problems.length && !upload.skipBadRows)) throw refusal(problems, rows.length);
      return {
        waybill_id: waybillId,
        waybill_no: number,
        created: number,
        imported: written,
        skipped: problems.map((problem) => asProblem(problem, upload.language ?? "en")),
      };
    });
    await logProblems(ctx, upload, problems, true, result.waybill_id, actor);
    return result;
  } catch (error) {
    await logProblems(ctx, upload, problems, false, null, actor);
    throw error;
  }
}
