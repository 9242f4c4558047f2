// A waybill's file calls: create a draft waybill for a dealer from an uploaded
// file of codes, under the waybill's own number (every bad row listed and logged in 出库异常日志),
// and download a waybill's detail.
// Joined into CALLS (calls.ts); the manifest's waybills actions name them.
import type { CallContract } from "./call-contract";
import { INPUT_RULE_PATTERN } from "./patterns";
import { uploadAnswer } from "./upload-answer";

export const WAYBILL_FILE_CALLS = {
  waybillImport: {
    endpoint: { method: "POST", path: "/api/physical/waybills/import" },
    owner: "waybills.import",
    access: "granted",
    summary:
      "Create a draft waybill for a dealer from a CSV or XLSX file of codes (one per row, any packaging level), keeping the waybill's own number (a 运单号 column of the file, or waybill_no) and refusing a number that exists; every bad row is listed and written to 出库异常日志, and by default nothing is created when any row is bad",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["dealer_id", "warehouse_id", "file_name", "content"],
      properties: {
        dealer_id: { type: "integer", minimum: 1 },
        warehouse_id: { type: "integer", minimum: 1 },
        file_name: { type: "string", minLength: 1, maxLength: 200 },
        content: { type: "string", minLength: 1, contentEncoding: "base64" },
        /** The waybill's own number (the WMS's); absent, the file's 运单号 column, else a generated WU… number. As waybills.waybill_no: at most 32, the input rule. */
        waybill_no: { type: "string", minLength: 1, maxLength: 32, pattern: INPUT_RULE_PATTERN },
        skip_bad_rows: { type: "boolean", default: false },
      },
    },
    data: uploadAnswer({ waybill_id: { type: "integer" }, waybill_no: { type: "string" } }),
  },
  waybillDownload: {
    endpoint: { method: "GET", path: "/api/physical/waybills/download" },
    owner: "waybills.download",
    access: "granted",
    summary:
      "Download a waybill's detail as XLSX or CSV: its dealer, its own codes and every code inside them, with level and package",
    answer: "file",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["id"],
      properties: {
        id: { type: "integer", minimum: 1 },
        format: { type: "string", enum: ["csv", "xlsx"], default: "xlsx" },
      },
    },
    data: {
      description:
        "运单号, 经销商, 外包装码, 码, 码类型, 上级码: one row per code the waybill holds, its own codes first",
    },
  },
} as const satisfies Readonly<Record<string, CallContract>>;
