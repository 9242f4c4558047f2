// The XLSX export read back by another reader (exceljs, the one the code imports use): every row in
// order, every value with its type, the header, the sheet's name, over several pages.
import ExcelJS from "exceljs";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { Cell } from "./export-cells";
import { xlsxWriter } from "./xlsx-writer";

async function exported(header: string[], pages: Cell[][][], sheetName: string): Promise<ExcelJS.Worksheet> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const writer = xlsxWriter(out, header, sheetName, new Date("2024-06-01T08:00:00Z"));
  for (const page of pages) await writer.rows(page);
  await writer.end();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as never);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

/** A row's values as exceljs gives them, without its leading hole (exceljs counts columns from 1). */
const valuesOf = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe("the XLSX export", () => {
  it("reads back with its header, its values typed, and empty cells empty", async () => {
    const header = ["编号", "Name & Co", "<Status>", "Salary", "Note"];
    const rows: Cell[][] = [
      [1, "茶 Tea ☕", "启用", 5000.5, null],
      [2, "A & B <c> \"d\" 'e'", "Disabled", -3, "  leading and trailing  "],
      [3, "bell\u0007 dropped, tab\t kept", null, 0, "2024-06-01 08:00:00"],
    ];
    const sheet = await exported(header, [rows], "Employees");
    expect(sheet.name).toBe("Employees");
    expect(sheet.rowCount).toBe(4);
    expect(valuesOf(sheet, 1)).toEqual(header);
    expect(valuesOf(sheet, 2)).toEqual([1, "茶 Tea ☕", "启用", 5000.5]);
    expect(valuesOf(sheet, 3)).toEqual([2, "A & B <c> \"d\" 'e'", "Disabled", -3, "  leading and trailing  "]);
    expect(valuesOf(sheet, 4)).toEqual([3, "bell dropped, tab\t kept", undefined, 0, "2024-06-01 08:00:00"]);
    expect(sheet.getCell("E4").type).toBe(ExcelJS.ValueType.String);
  });

  it("keeps every row, in order, across pages, one of them larger than a page's buffer", async () => {
    // 1,000 rows of 1,500 three-byte characters: 4.5 MB, past the 1 MB a page starts with.
    const long = "长".repeat(1500);
    const pages: Cell[][][] = [0, 1, 2].map((page) =>
      Array.from({ length: 1000 }, (_, i) => [page * 1000 + i, `row ${page * 1000 + i}`, page === 1 ? long : "x"]),
    );
    const sheet = await exported(["id", "name", "text"], pages, "Rows");
    expect(sheet.rowCount).toBe(3001);
    for (let n = 0; n < 3000; n += 1) expect(valuesOf(sheet, n + 2).slice(0, 2)).toEqual([n, `row ${n}`]);
    expect(sheet.getCell("C1502").value).toBe(long);
  });

  it("names the sheet as Excel allows, and writes a header alone when there are no rows", async () => {
    const sheet = await exported(["Name"], [], "Stock: in/out [2024] & more of a long title");
    expect(sheet.name).toBe("Stock  in out  2024  & more of ");
    expect(sheet.rowCount).toBe(1);
    expect(valuesOf(sheet, 1)).toEqual(["Name"]);
  });
});
