// A code batch's file calls: download a batch's codes as CSV, import a file of
// external codes into a code order, and download an import's problem rows. Joined into CALLS (calls.ts); the manifest's code_batches
// actions name them (`call:`), so the console's buttons and the typed clients make the same calls.
import type { CallContract } from "./call-contract";
import { uploadAnswer } from "./upload-answer";

export const CODE_BATCH_CALLS = {
  codeBatchDownload: {
    endpoint: { method: "GET", path: "/api/tagging/codebatches/download" },
    owner: "code_batches.download",
    access: "granted",
    summary: "Download a code batch as CSV (序号, 码, URL); every download is logged in 码包下载记录",
    answer: "file",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["id"],
      properties: { id: { type: "integer", minimum: 1 } },
    },
    data: { description: "A CSV file (UTF-8 with BOM): 序号, 码, URL, one row per code in issue order" },
  },
  codeBatchImport: {
    endpoint: { method: "POST", path: "/api/tagging/codebatches/import" },
    owner: "code_batches.import",
    access: "granted",
    summary:
      "Import external codes from a CSV or XLSX file into a code order; by default no code is written when any row has a problem, and the refused import is recorded as a failed batch with its problem rows",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["order_id", "file_name", "content"],
      properties: {
        order_id: { type: "integer", minimum: 1 },
        file_name: { type: "string", minLength: 1, maxLength: 200 },
        /** The file, base64: JSON is the API's one body format. */
        content: { type: "string", minLength: 1, contentEncoding: "base64" },
        /** Write the good rows and report the bad ones as skipped, instead of refusing the file. */
        skip_bad_rows: { type: "boolean", default: false },
      },
    },
    data: uploadAnswer({ batch_id: { type: "integer" }, batch_no: { type: "string" } }),
  },
  codeBatchProblems: {
    endpoint: { method: "GET", path: "/api/tagging/codebatches/problems" },
    owner: "code_batches.problems",
    access: "granted",
    summary:
      "Download an import's problem rows as CSV (行号, 码, 问题): a refused import's, or the rows one skipped; each reason in the request's language",
    answer: "file",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["id"],
      properties: { id: { type: "integer", minimum: 1 } },
    },
    data: {
      description: "A CSV file (UTF-8 with BOM): 行号, 码, 问题, one row per problem row of the import, in row order",
    },
  },
} as const satisfies Readonly<Record<string, CallContract>>;
