// Import of external codes through the real call: every problem listed with its row and reason,
// nothing written by default when any row fails (every chain table unchanged), "skip bad rows"
// writes the rest with ledger import events and reports the skipped rows; CSV and XLSX alike.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { messageIn } from "../../../schema/contract/messages";
import { checkImportedCodes } from "./check-imported-codes";

let chain: ChainApp;
let orderId: number;
let existing: { code: string; batch: string };
const csv = (lines: string[]) => Buffer.from(lines.join("\n")).toString("base64");
const importFile = (body: Record<string, unknown>) =>
  chain.post("/api/tagging/codebatches/import", { order_id: orderId, ...body });
const tables = () => ({ ...chain.snapshot(), code_batches: chain.all(`SELECT * FROM code_batches ORDER BY id`) });

beforeAll(async () => {
  chain = await chainApp();
  const generated = await chain.generated("item", 2);
  orderId = generated.orderId;
  const batch = chain.all(`SELECT batch_no FROM code_batches WHERE id = ?`, [generated.batchId])[0].batch_no as string;
  existing = { code: generated.codes[0], batch };
}, 60_000);
afterAll(() => chain.app.close());

describe("checkImportedCodes", () => {
  it("names each problem with its row: empty, bad characters, repeated in the file, already existing with its batch", () => {
    const rows = [
      { row: 2, code: "EXT0001" },
      { row: 3, code: "" },
      { row: 4, code: "EXT 02" },
      { row: 5, code: "EXT0001" },
      { row: 6, code: "OLD0001" },
    ];
    expect(
      checkImportedCodes(rows, () => new Map([["OLD0001", "G1"]])).map((problem) => messageIn("en", problem.text)),
    ).toEqual([
      "row 3: no code",
      "row 4: code EXT 02 is not 4 to 64 letters, digits, - _ or .",
      "row 5: code EXT0001 repeats row 2",
      "row 6: code OLD0001 already exists (batch G1)",
    ]);
  });
});

describe("POST /api/tagging/codebatches/import", () => {
  it("by default a file with any bad row writes nothing and lists every problem with its row", async () => {
    const before = tables();
    const answer = await importFile({
      file_name: "codes.csv",
      content: csv(["码", "EXTA0001", existing.code, "EXTA0001", "EXTA0002"]),
    });
    expect(answer).toMatchObject({ status_code: 400, data: null });
    expect(answer.message).toBe(
      `import refused, nothing was written: 2 of 4 rows have problems: row 3: code ${existing.code} already exists (batch ${existing.batch}); row 4: code EXTA0001 repeats row 2`,
    );
    expect(answer.errors).toEqual({
      "row 3": `row 3: code ${existing.code} already exists (batch ${existing.batch})`,
      "row 4": "row 4: code EXTA0001 repeats row 2",
    });
    expect(tables()).toEqual(before);
  });

  it("skip bad rows writes the good ones, each with a ledger import event, and reports the skipped rows", async () => {
    const answer = await importFile({
      file_name: "codes.csv",
      content: csv(["code", "EXTB0001", existing.code, "EXTB0002"]),
      skip_bad_rows: true,
    });
    expect(answer.data).toMatchObject({
      imported: 2,
      skipped: [
        {
          row: 3,
          code: existing.code,
          reason: `row 3: code ${existing.code} already exists (batch ${existing.batch})`,
        },
      ],
    });
    expect(
      chain.all(`SELECT code, status, order_id FROM trace_codes WHERE code IN ('EXTB0001', 'EXTB0002') ORDER BY code`),
    ).toEqual([
      { code: "EXTB0001", status: "generated", order_id: orderId },
      { code: "EXTB0002", status: "generated", order_id: orderId },
    ]);
    expect(
      chain.all(
        `SELECT e.kind, e.operator, e.code_count FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE c.code = 'EXTB0001'`,
      ),
    ).toEqual([{ kind: "import", operator: "admin", code_count: 2 }]);
    expect(
      chain.all(`SELECT source, status, quantity, succeeded, failed, operator FROM code_batches WHERE id = ?`, [
        answer.data.batch_id,
      ]),
    ).toEqual([{ source: "imported", status: "done", quantity: 3, succeeded: 2, failed: 1, operator: "admin" }]);
  });

  it("an XLSX file is read the same way, and an imported code is then refused as existing", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("codes");
    sheet.addRows([["码"], ["EXTC0001"], ["EXTB0001"]]);
    const content = Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
    const before = tables();
    const answer = await importFile({ file_name: "codes.xlsx", content });
    // Named by the import that brought it (codes name their batch), not by the order's first batch.
    const importBatch = chain.all(
      `SELECT b.batch_no FROM trace_codes t JOIN code_batches b ON b.id = t.batch_id WHERE t.code = 'EXTB0001'`,
    )[0]?.batch_no as string;
    expect(importBatch).toMatch(/^I\d+/);
    expect(answer.message).toMatch(new RegExp(`row 3: code EXTB0001 already exists \\(batch ${importBatch}\\)$`));
    expect(tables()).toEqual(before);
  });

  it("a file that is not CSV/XLSX, an unreadable file and an unknown order are refused and change nothing", async () => {
    const before = tables();
    expect((await importFile({ file_name: "codes.txt", content: csv(["EXTD0001"]) })).message).toBe(
      "file_name: codes.txt is not a .csv or .xlsx file",
    );
    expect((await importFile({ file_name: "codes.xlsx", content: csv(["EXTD0001"]) })).message).toMatch(
      /^content: codes.xlsx cannot be read as XLSX/,
    );
    expect(
      await chain.post("/api/tagging/codebatches/import", {
        order_id: 999999,
        file_name: "a.csv",
        content: csv(["EXTD0001"]),
      }),
    ).toMatchObject({
      status_code: 404,
      message: "code order 999999 does not exist",
    });
    expect(tables()).toEqual(before);
  });
});
