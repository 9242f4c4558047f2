// Streaming writers of an export (issue 14 §6): CSV through csv-stringify (with a BOM, so Excel reads
// UTF-8), XLSX as its own sheet XML in a streamed ZIP (xlsx-writer.ts; exceljs' streaming writer took
// twice the time budget at 1,000,000 rows). Each waits for the socket to drain before taking more rows.
import type { Writable } from "node:stream";
import { once } from "node:events";
import { stringify } from "csv-stringify";
import type { Cell } from "./export-cells";
import { xlsxWriter } from "./xlsx-writer";

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export interface ExportWriter {
  /** Writes a page of rows; resolves when the output can take more. */
  rows(rows: readonly Cell[][]): Promise<void>;
  end(): Promise<void>;
}

const HIGH_WATER = 1 << 20;

async function drained(out: Writable): Promise<void> {
  if (out.writableLength > HIGH_WATER && !out.destroyed) await once(out, "drain");
}

function csvWriter(out: Writable, header: readonly string[]): ExportWriter {
  const csv = stringify({ bom: true });
  csv.pipe(out);
  csv.write(header);
  return {
    async rows(rows) {
      let ok = true;
      for (const row of rows) ok = csv.write(row) && ok;
      if (!ok) await once(csv, "drain");
      await drained(out);
    },
    async end() {
      csv.end();
      await once(out, "finish");
    },
  };
}

export function exportWriter(format: ExportFormat, out: Writable, header: readonly string[], sheetName: string): ExportWriter {
  return format === "csv" ? csvWriter(out, header) : xlsxWriter(out, header, sheetName);
}
