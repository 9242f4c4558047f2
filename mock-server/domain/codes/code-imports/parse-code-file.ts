// An uploaded file of codes (CSV or XLSX) as numbered rows: csv-parse and exceljs read them
// (quoting, encodings and cell types are theirs, not ours). A first row that names its columns (码,
// code, 追溯码…, or a heading of the other columns asked for) is the heading: the codes are under
// their heading, and each other column asked for (a WMS file's 运单号) under its own. Without a
// heading the first column holds the code. Row numbers are the file's own, as a spreadsheet shows
// them, so a problem can be found in the file.
// exceljs is loaded on the first XLSX upload, not when the server starts: loading it took 180–300 ms
// of every start (and of every test file that builds the app), for a call most runs never make.
import { parse } from "csv-parse/sync";

export interface CodeRow {
  /** 1-based row number in the file. */
  readonly row: number;
  readonly code: string;
  /** The row's cell under each other column asked for that the file has, by the column's name. */
  readonly columns: Readonly<Record<string, string>>;
}

/** Other columns a file may carry beside its codes: name → the headings (lower case) that name it. */
export type FileColumns = Readonly<Record<string, readonly string[]>>;

const CODE_HEADINGS: readonly string[] = ["码", "code", "codes", "追溯码", "码值"];

export type CodeFileKind = "csv" | "xlsx";

export function kindOf(fileName: string): CodeFileKind | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension === "csv" || extension === "xlsx" ? extension : undefined;
}

interface RawRow {
  readonly row: number;
  readonly cells: readonly string[];
}

/** Where each column is: from the heading row when the first row is one, else the code in the first column. */
function layoutOf(first: RawRow | undefined, columns: FileColumns) {
  const heading = first?.cells.map((cell) => cell.toLowerCase()) ?? [];
  const others = Object.entries(columns).map(
    ([name, headings]) => [name, heading.findIndex((cell) => headings.includes(cell))] as const,
  );
  const codeAt = heading.findIndex((cell) => CODE_HEADINGS.includes(cell));
  const isHeading = codeAt >= 0 || others.some(([, at]) => at >= 0);
  if (!isHeading) return { isHeading, codeAt: 0, others: [] };
  const taken = new Set(others.map(([, at]) => at));
  return {
    isHeading,
    codeAt: codeAt >= 0 ? codeAt : heading.findIndex((_, at) => !taken.has(at)),
    others: others.filter(([, at]) => at >= 0),
  };
}

function codeRows(raw: readonly RawRow[], columns: FileColumns): CodeRow[] {
  const layout = layoutOf(raw[0], columns);
  return (layout.isHeading ? raw.slice(1) : raw).map(({ row, cells }) => ({
    row,
    code: cells[layout.codeAt] ?? "",
    columns: Object.fromEntries(layout.others.map(([name, at]) => [name, cells[at] ?? ""])),
  }));
}

async function rawRows(kind: CodeFileKind, content: Buffer): Promise<RawRow[]> {
  if (kind === "csv") {
    const records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: false });
    return records.map((cells, index) => ({ row: index + 1, cells: cells.map((cell) => String(cell ?? "").trim()) }));
  }
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: RawRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, number) => {
    // Each cell's text as shown: a hyperlink's text, rich text joined, a formula's result.
    const cells = Array.from({ length: Math.max(row.cellCount, 1) }, (_, at) => row.getCell(at + 1).text.trim());
    rows.push({ row: number, cells });
  });
  return rows;
}

export async function parseCodeFile(
  kind: CodeFileKind,
  content: Buffer,
  columns: FileColumns = {},
): Promise<CodeRow[]> {
  const rows = codeRows(await rawRows(kind, content), columns);
  // A CSV's last line break leaves an empty last row; it is no row of the file.
  return kind === "csv" ? rows.filter((row, index, all) => row.code !== "" || index < all.length - 1) : rows;
}
