// Import of external codes through the real call: every problem listed with its row and reason,
// no code written by default when any row fails (every chain table unchanged) but the refusal
// recorded as a failed batch whose problem rows download as CSV in the reader's language; "skip
// bad rows" writes the rest with ledger import events and reports (and keeps) the skipped rows;
// CSV and XLSX alike.
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../../test-fixtures/chain-app";
import { call, login } from "../../../test-fixtures/test-app";
import { messageIn } from "../../../../schema/contract/messages";
import { checkImportedCodes } from "./check-imported-codes";

let chain: ChainApp;
let orderId: number;
let existing: { code: string; batch: string };
const csv = (lines: string[]) => Buffer.from(lines.join("\n")).toString("base64");
const importFile = (body: Record<string, unknown>) =>
  chain.post("/api/tagging/codebatches/import", { order_id: orderId, ...body });
const tables = async () => ({
  ...(await chain.snapshot()),
  code_batches: await chain.all(`SELECT * FROM code_batches ORDER BY id`),
});
/** Every chain table as `before` had it, and the batches written since. */
const batchesSince = async (before: Awaited<ReturnType<typeof tables>>) => {
  const { code_batches, ...now } = await tables();
  const { code_batches: earlier, ...then } = before;
  expect(now).toEqual(then);
  expect(code_batches.slice(0, earlier.length)).toEqual(earlier);
  return code_batches.slice(earlier.length);
};
/** The problem rows of batch `id` as the download gives them, header first. */
const problemsOf = async (id: number, language: string) => {
  const response = await call(chain.app, {
    url: "/api/tagging/codebatches/problems",
    query: { id: String(id) },
    token: await login(chain.app, "admin"),
    language,
  });
  expect(response.statusCode, response.body).toBe(200);
  const rows: string[][] = parse(response.rawPayload, { bom: true, relax_column_count: true });
  return rows;
};

beforeAll(async () => {
  chain = await chainApp();
  const generated = await chain.generated("item", 2);
  orderId = generated.orderId;
  const batch = (await chain.all(`SELECT batch_no FROM code_batches WHERE id = ?`, [generated.batchId]))[0]
    .batch_no as string;
  existing = { code: generated.codes[0], batch };
}, 60_000);
afterAll(() => chain.app.close());

describe("checkImportedCodes", () => {
  it("names each problem with its row: empty, bad characters, repeated in the file, already existing with its batch", async () => {
    const rows = [
      { row: 2, code: "EXT0001" },
      { row: 3, code: "" },
      { row: 4, code: "EXT 02" },
      { row: 5, code: "EXT0001" },
      { row: 6, code: "OLD0001" },
    ];
    const problems = await checkImportedCodes(rows, () => Promise.resolve(new Map([["OLD0001", "G1"]])));
    expect(problems.map((problem) => messageIn("en", problem.text))).toEqual([
      "row 3: no code",
      "row 4: code EXT 02 is not 4 to 64 letters, digits, - _ or .",
      "row 5: code EXT0001 repeats row 2",
      "row 6: code OLD0001 already exists (batch G1)",
    ]);
  });
});

describe("POST /api/tagging/codebatches/import", () => {
  it("by default a file with any bad row writes no code and lists every problem with its row", async () => {
    const before = await tables();
    const answer = await importFile({
      file_name: "codes.csv",
      content: csv(["码", "EXTA0001", existing.code, "EXTA0001", "EXTA0002"]),
    });
    expect(answer).toMatchObject({ status_code: 400, data: null });
    const [failed] = await batchesSince(before);
    expect(answer.message).toBe(
      `import refused, no code was written (recorded as failed batch ${String(failed.batch_no)}): 2 of 4 rows have problems: row 3: code ${existing.code} already exists (batch ${existing.batch}); row 4: code EXTA0001 repeats row 2`,
    );
    expect(answer.errors).toEqual({
      "row 3": `row 3: code ${existing.code} already exists (batch ${existing.batch})`,
      "row 4": "row 4: code EXTA0001 repeats row 2",
    });
    expect(failed).toMatchObject({ status: "failed", succeeded: 0, failed: 2 });
  });

  it("a refused import is recorded as a failed batch: who, which order and file, how many rows; its problems download as CSV", async () => {
    const before = await tables();
    const answer = await importFile({
      file_name: "供应商码.csv",
      content: csv(["码", "EXTF0001", existing.code, "=HYPERLINK(x)"]),
    });
    expect(answer).toMatchObject({ status_code: 400, data: null });
    const [failed] = await batchesSince(before);
    expect(failed).toMatchObject({
      order_id: orderId,
      source: "imported",
      status: "failed",
      quantity: 3,
      succeeded: 0,
      failed: 2,
      first_code: null,
      operator: "admin",
      error: `供应商码.csv: ${answer.message}`,
    });
    expect(failed.batch_no).toMatch(/^I\d{14}[0-9A-F]{8}$/);
    // 生码记录 lists it, failed.
    const listed = await chain.get("/api/tagging/codebatches/pagelist", { page: "1", size: "10", status: "failed" });
    expect((listed.data as { list: { id: number }[] }).list.map((row) => row.id)).toContain(failed.id);

    const reasons = {
      en: [
        `row 3: code ${existing.code} already exists (batch ${existing.batch})`,
        "row 4: code =HYPERLINK(x) is not 4 to 64 letters, digits, - _ or .",
      ],
      zh: [
        `第 3 行：码 ${existing.code} 已存在（码包 ${existing.batch}）`,
        "第 4 行：码 =HYPERLINK(x) 不是 4 到 64 位的字母、数字、-、_ 或 .",
      ],
    };
    for (const language of ["en", "zh"] as const)
      expect(await problemsOf(failed.id as number, language)).toEqual([
        ["行号", "码", "问题"],
        ["3", existing.code, reasons[language][0]],
        // A code cell that a spreadsheet would run as a formula is written as text.
        ["4", "'=HYPERLINK(x)", reasons[language][1]],
      ]);
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
      await chain.all(
        `SELECT code, status, order_id FROM trace_codes WHERE code IN ('EXTB0001', 'EXTB0002') ORDER BY code`,
      ),
    ).toEqual([
      { code: "EXTB0001", status: "generated", order_id: orderId },
      { code: "EXTB0002", status: "generated", order_id: orderId },
    ]);
    expect(
      await chain.all(
        `SELECT e.kind, e.operator, e.code_count FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE c.code = 'EXTB0001'`,
      ),
    ).toEqual([{ kind: "import", operator: "admin", code_count: 2 }]);
    expect(
      await chain.all(`SELECT source, status, quantity, succeeded, failed, operator FROM code_batches WHERE id = ?`, [
        answer.data.batch_id,
      ]),
    ).toEqual([{ source: "imported", status: "done", quantity: 3, succeeded: 2, failed: 1, operator: "admin" }]);
    // The skipped row is kept with the batch too.
    expect(await problemsOf(answer.data.batch_id as number, "en")).toEqual([
      ["行号", "码", "问题"],
      ["3", existing.code, `row 3: code ${existing.code} already exists (batch ${existing.batch})`],
    ]);
  });

  it("an XLSX file is read the same way, and an imported code is then refused as existing", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("codes");
    sheet.addRows([["码"], ["EXTC0001"], ["EXTB0001"]]);
    const content = Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
    const before = await tables();
    const answer = await importFile({ file_name: "codes.xlsx", content });
    // Named by the import that brought it (codes name their batch), not by the order's first batch.
    const importBatch = (
      await chain.all(
        `SELECT b.batch_no FROM trace_codes t JOIN code_batches b ON b.id = t.batch_id WHERE t.code = 'EXTB0001'`,
      )
    )[0]?.batch_no as string;
    expect(importBatch).toMatch(/^I\d+/);
    expect(answer.message).toMatch(new RegExp(`row 3: code EXTB0001 already exists \\(batch ${importBatch}\\)$`));
    expect(await batchesSince(before)).toEqual([expect.objectContaining({ status: "failed", quantity: 2, failed: 1 })]);
  });

  it("a file that is not CSV/XLSX, an unreadable file and an unknown order are refused and change nothing", async () => {
    const before = await tables();
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
    expect(await tables()).toEqual(before);
    expect((await chain.get("/api/tagging/codebatches/problems", { id: "999999" })).status_code).toBe(404);
  });
});
