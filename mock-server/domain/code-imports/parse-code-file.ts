// An uploaded file of external codes (CSV or XLSX) as numbered rows: csv-parse and exceljs read
// them (quoting, encodings and cell types are theirs, not ours). The first column holds the code;
// a first row whose first cell is a heading (码, code, 追溯码) is skipped. Row numbers are the
// file's own, as a spreadsheet shows them, so a problem can be found in the file.
// exceljs is loaded on the first XLSX upload, not when the server starts: loading it took 180–300 ms
// of every start (and of every test file that builds the app), for a call most runs never make.
import { parse } from "csv-parse/sync";

export interface CodeRow {
  /** 1-based row number in the file. */
  readonly row: number;
  readonly code: string;
}

const HEADINGS = new Set(["码", "code", "codes", "追溯码", "码值"]);

export type CodeFileKind = "csv" | "xlsx";

export function kindOf(fileName: string): CodeFileKind | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension === "csv" || extension === "xlsx" ? extension : undefined;
}

const withoutHeading = (rows: CodeRow[]): CodeRow[] =>
  rows[0] && HEADINGS.has(rows[0].code.toLowerCase()) ? rows.slice(1) : rows;

export async function parseCodeFile(kind: CodeFileKind, content: Buffer): Promise<CodeRow[]> {
  if (kind === "csv") {
    const records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: false });
    return withoutHeading(
      records.map((cells, index) => ({ row: index + 1, code: String(cells[0] ?? "").trim() })),
    ).filter((row, index, all) => row.code !== "" || index < all.length - 1);
  }
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: CodeRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, number) => {
    // The cell's text as shown: a hyperlink's text, rich text joined, a formula's result.
    rows.push({ row: number, code: row.getCell(1).text.trim() });
  });
  return withoutHeading(rows);
}
