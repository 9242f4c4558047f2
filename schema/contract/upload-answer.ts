// What every upload call answers (the manifest's kind: upload actions): the rows written, the rows
// skipped with their reasons (the file's row numbers), and `created`, the label of the record the
// upload made (a batch number, a waybill number), which the console's upload dialog shows.
import type { JsonSchema } from "./server-contract";

export const UPLOAD_ROW_PROBLEM = {
  type: "object",
  additionalProperties: false,
  required: ["row", "code", "reason"],
  properties: { row: { type: "integer", minimum: 1 }, code: { type: "string" }, reason: { type: "string" } },
} as const;

export const uploadAnswer = (own: Readonly<Record<string, JsonSchema>>) =>
  ({
    type: "object",
    additionalProperties: false,
    required: ["imported", "skipped", "created", ...Object.keys(own)],
    properties: {
      imported: { type: "integer", minimum: 1 },
      skipped: { type: "array", items: UPLOAD_ROW_PROBLEM },
      created: { type: "string" },
      ...own,
    },
  }) as const;
