// Streaming writers of an export (issue 14 §6): CSV through csv-stringify (with a BOM, so Excel reads
// UTF-8), XLSX through exceljs' streaming workbook writer (rows are committed as they come, so memory
// stays flat whatever the row count). Each waits for the socket to drain before taking more rows.
import ExcelJS from "exceljs";
import type { Writable } from "node:stream";
import { once } from "node:events";
import { stringify } from "csv-stringify";
import type { Cell } from "./export-cells";

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

function xlsxWriter(out: Writable, header: readonly string[], sheetName: string): ExportWriter {
  // Deflate level 1: an export is read once, soon; speed matters more than the last 10% of size.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
  // Excel's sheet names: at most 31 characters, none of \ / ? * [ ] :
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Sheet1");
  sheet.addRow([...header]).commit();
  // exceljs hands the sheet's XML to its zip through a PassThrough without heeding write()'s answer,
  // so a zip slower than the rows (deflate) would buffer the whole sheet in memory. Wait until that
  // pipe has taken what it holds before adding more rows.
  const inZipPipe = (): number =>
    ((sheet as unknown as { stream?: { pipes?: { _writableState?: { length: number }; _readableState?: { length: number } }[] } }).stream?.pipes ?? []).reduce(
      (sum, pipe) => sum + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0),
      0,
    );
  return {
    async rows(rows) {
      for (const row of rows) sheet.addRow(row).commit();
      while (inZipPipe() > HIGH_WATER && !out.destroyed) await new Promise((resume) => setTimeout(resume, 2));
      await drained(out);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export function exportWriter(format: ExportFormat, out: Writable, header: readonly string[], sheetName: string): ExportWriter {
  return format === "csv" ? csvWriter(out, header) : xlsxWriter(out, header, sheetName);
}
