// The XLSX export: the workbook's fixed parts stored, then the sheet's XML deflated as
// the pages come. A row costs one short string on the event loop, encoded straight into a reused page
// of bytes; the deflate runs on the threadpool while the next page is written; rows() waits only when
// the deflater or the socket has enough queued, so a slow reader holds the rows back instead of
// filling memory.
import type { Writable } from "node:stream";
import { BytePage } from "./byte-page";
import type { ExportWriter } from "./export-writer";
import { SHEET_PATH, workbookParts } from "./xlsx-parts";
import { columnLetters, rowXml, SHEET_END, SHEET_START } from "./xlsx-sheet";
import { zipWriter } from "./zip-writer";

// Deflate level 1: an export is read once, soon; speed matters more than the last 10% of size.
const DEFLATE_LEVEL = 1;

export function xlsxWriter(
  out: Writable,
  header: readonly string[],
  sheetName: string,
  modified = new Date(),
): ExportWriter {
  const zip = zipWriter(out, modified);
  for (const [path, xml] of workbookParts(sheetName)) zip.store(path, Buffer.from(xml, "utf8"));
  const sheet = zip.deflate(SHEET_PATH, DEFLATE_LEVEL);
  const letters = header.map((_, index) => columnLetters(index));
  // Pages the deflater is done with, ready to be filled again.
  const free: BytePage[] = [];
  let page = new BytePage();
  // The header goes out with the first page, so that construction writes nothing that could wait.
  page.append(SHEET_START + rowXml(header, 1, letters));
  let next = 2;
  const send = async () => {
    const sent = page;
    page = free.pop() ?? new BytePage();
    page.clear();
    await sheet.write(sent.bytes(), () => free.push(sent));
  };
  return {
    async rows(rows) {
      for (const row of rows) page.append(rowXml(row, next++, letters));
      await send();
    },
    async end() {
      page.append(SHEET_END);
      await send();
      await sheet.end();
      await zip.end();
    },
  };
}
