// Streaming writers of an export: CSV through csv-stringify (with a BOM, so Excel reads
// UTF-8), XLSX as its own sheet XML in a streamed ZIP (xlsx-writer.ts; exceljs' streaming writer took
// twice the time budget at 1,000,000 rows). Each waits for the socket to drain before taking more rows.
import type { Writable } from "node:stream";
import { once } from "node:events";
import { stringify } from "csv-stringify/sync";
import type { Cell } from "./export-cells";
import { SAFE_CSV_CAST } from "./csv-cells";
import type { ExportWriter } from "./export-writer";
import { xlsxWriter } from "./xlsx-writer";

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const HIGH_WATER = 1 << 20;

/**
 * Waits for 'drain' only where the output asked for it (write answered false) and more than a
 * megabyte waits: a page is written whole. An output that took the write (a test's injected
 * response keeps every byte) owes no 'drain', so none is awaited; one that closes ends the wait.
 */
async function drained(out: Writable, accepted: boolean): Promise<void> {
  if (accepted || out.destroyed || out.writableLength <= HIGH_WATER) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off("drain", done).off("close", done);
      resolve();
    };
    out.on("drain", done).on("close", done);
  });
}

/**
 * CSV a page at a time: csv-stringify's sync form turns the page into one string, written at once.
 * Its stream form, piped to the response, wrote every row to the socket on its own: a million
 * writes that held the other calls ~15 ms each (p50) while an export ran.
 */
function csvWriter(out: Writable, header: readonly string[]): ExportWriter {
  out.write(stringify([header], { bom: true, cast: SAFE_CSV_CAST }));
  return {
    async rows(rows) {
      if (rows.length) await drained(out, out.write(stringify(rows as Cell[][], { cast: SAFE_CSV_CAST })));
    },
    async end() {
      out.end();
      await once(out, "finish");
    },
  };
}

export function exportWriter(
  format: ExportFormat,
  out: Writable,
  header: readonly string[],
  sheetName: string,
): ExportWriter {
  return format === "csv" ? csvWriter(out, header) : xlsxWriter(out, header, sheetName);
}
