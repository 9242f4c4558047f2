// The export's floor: the same rows read from the same SQLite file in id order and made into lines of
// comma-joined values, a page of rows at a time, in the bench's own process: no server, no HTTP, no
// labels, no quoting, no XLSX. It follows the host as an export does (SQLite reading rows, JavaScript
// building strings), and no code of the server is in it, so an export's time over it judges the
// export, not the host.
import Database from "better-sqlite3";

/** The export's page size (rows turned into text between turns of the event loop). */
const PAGE_ROWS = 250;

export interface Floor {
  readonly seconds: number;
  readonly rows: number;
  readonly bytes: number;
}

export function exportFloor(file: string, table: string): Floor {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const started = performance.now();
    const rows = db.prepare(`SELECT * FROM "${table}" ORDER BY "id"`).raw().iterate() as Iterable<unknown[]>;
    let page: string[] = [];
    let count = 0;
    let bytes = 0;
    for (const row of rows) {
      page.push(row.join(","));
      count += 1;
      if (page.length === PAGE_ROWS) {
        bytes += Buffer.byteLength(`${page.join("\n")}\n`);
        page = [];
      }
    }
    if (page.length) bytes += Buffer.byteLength(`${page.join("\n")}\n`);
    return { seconds: (performance.now() - started) / 1000, rows: count, bytes };
  } finally {
    db.close();
  }
}
