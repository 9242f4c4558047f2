// Upload of a waybill file: bad rows (unknown, packed in a box, a code twice) are
// listed with their row numbers; by default nothing is created and the data is unchanged, but every
// bad row is in 出库异常日志 (file, row, code, reason, who, skipped: no); with skip bad rows the
// draft waybill holds the good rows, counted with the hierarchy expanded, and the log says skipped.
// The download lists the waybill's codes and everything inside them, with the dealer. An XLSX
// upload (built with exceljs) goes the same two ways; its log rows carry the row's reason exactly as
// the answer gave it and the server clock's time.
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../../test-fixtures/chain-app";
import { call, login } from "../../../test-fixtures/test-app";

let chain: ChainApp;
let token: string;
let dealerId: number;
let warehouseId: number;
let box: string;
let packedItem: string;
let looseItem: string;
/** The draft the skip-bad-rows upload made, which holds looseItem. */
let uploadedDraft: string;

const csv = (codes: string[]) => Buffer.from(["code", ...codes].join("\n")).toString("base64");
const upload = (codes: string[], skip = false) =>
  chain.post("/api/physical/waybills/import", {
    dealer_id: dealerId,
    warehouse_id: warehouseId,
    file_name: "出库单.csv",
    content: csv(codes),
    skip_bad_rows: skip,
  });
/** The log rows this test's uploads wrote (the seed has its own). */
let logStart = 0;
const logged = async () =>
  await chain.all(
    `SELECT waybill_id, code, error_type, message, file_name, row_no, skipped, operator FROM wms_errors WHERE id > ? ORDER BY id`,
    [logStart],
  );
const waybillTables = async () => {
  const tables = await chain.snapshot();
  delete tables.wms_errors;
  return {
    waybills: await chain.all(`SELECT * FROM waybills ORDER BY id`),
    waybill_codes: await chain.all(`SELECT * FROM waybill_codes ORDER BY id`),
    ...tables,
  };
};

beforeAll(async () => {
  chain = await chainApp();
  token = await login(chain.app, "admin");
  logStart = ((await chain.all(`SELECT MAX(id) AS id FROM wms_errors`))[0].id as number | null) ?? 0;
  dealerId = (await chain.all(`SELECT id FROM dealers ORDER BY id LIMIT 1`))[0].id as number;
  warehouseId = (await chain.all(`SELECT id FROM warehouses ORDER BY id LIMIT 1`))[0].id as number;
  // A box packed with two items, and a loose item: activated in stock, on no waybill.
  const wo = await chain.workOrder("in_progress");
  const ctx = chain.app.consoleContext;
  const productId = (await chain.all(`SELECT product_id FROM production_orders WHERE id = ?`, [wo.id]))[0].product_id;
  if (
    !(
      await chain.all(
        `SELECT 1 FROM package_hierarchies WHERE product_id = ? AND level = 'box' AND child_level = 'item'`,
        [productId],
      )
    ).length
  )
    await ctx.records.insert(ctx.catalog.info("package_hierarchies"), {
      product_id: productId,
      level: "box",
      child_level: "item",
      ratio: 10,
    });
  const must = async (url: string, body: unknown) => {
    const answer = await chain.post(url, body);
    expect(answer.code, answer.message).toBe(0);
  };
  const items = (await chain.generated("item", 3)).codes;
  [box] = (await chain.generated("box", 1)).codes as [string];
  for (const [level, code] of [...items.map((item) => ["item", item]), ["box", box]])
    await must("/api/plant/codeactivations/add", { work_order_id: wo.id, level, first_code: code });
  for (const child of items.slice(0, 2))
    await must("/api/plant/packaginglinks/add", { parent_code: box, child_code: child, level: "box", order_id: wo.id });
  packedItem = items[0]!;
  looseItem = items[2]!;
}, 60_000);
afterAll(() => chain.app.close());

describe("POST /api/physical/waybills/import", () => {
  it("a file with bad rows is refused row by row and changes nothing, but every bad row is logged as not skipped", async () => {
    const before = await waybillTables();
    const answer = await upload([box, packedItem, "NO-SUCH-CODE", box]);
    expect(answer).toMatchObject({ status_code: 400 });
    expect(answer.message).toMatch(/^upload refused, no waybill was created: 3 of 4 rows have problems: /);
    expect(Object.keys(answer.errors as object)).toEqual(["row 3", "row 4", "row 5"]);
    expect(answer.errors).toEqual({
      "row 3": `row 3: code: ${packedItem} is inside ${box}, which is already on an earlier row of this file`,
      "row 4": "row 4: code: NO-SUCH-CODE is not a known trace code",
      "row 5": `row 5: code: ${box} is already on an earlier row of this file`,
    });
    expect(await waybillTables()).toEqual(before);
    expect(await logged()).toEqual([
      expect.objectContaining({
        waybill_id: null,
        code: packedItem,
        error_type: "upload_row",
        file_name: "出库单.csv",
        row_no: 3,
        skipped: 0,
        operator: "admin",
      }),
      expect.objectContaining({ code: "NO-SUCH-CODE", row_no: 4, skipped: 0 }),
      expect.objectContaining({ code: box, row_no: 5, skipped: 0 }),
    ]);
  });

  it("skip bad rows creates a draft waybill of the good rows, counted with the hierarchy expanded, and logs the skipped rows", async () => {
    const before = (await logged()).length;
    const answer = await upload([box, "NO-SUCH-CODE", looseItem], true);
    expect(answer.code, answer.message).toBe(0);
    const data = answer.data as {
      waybill_id: number;
      waybill_no: string;
      created: string;
      imported: number;
      skipped: { row: number }[];
    };
    expect(data).toMatchObject({ imported: 2, created: data.waybill_no, skipped: [{ row: 3 }] });
    uploadedDraft = data.waybill_no;
    const items = (await chain.all(`SELECT COUNT(*) AS n FROM trace_codes WHERE parent_code = ?`, [box]))[0]
      .n as number;
    expect(
      (
        await chain.all(`SELECT status, dealer_id, item_count, box_count FROM waybills WHERE id = ?`, [data.waybill_id])
      )[0],
    ).toEqual({
      status: "pending",
      dealer_id: dealerId,
      item_count: items + 1,
      box_count: 1,
    });
    expect(
      (await chain.all(`SELECT code FROM waybill_codes WHERE waybill_id = ? ORDER BY id`, [data.waybill_id])).map(
        (row) => row.code,
      ),
    ).toEqual([box, looseItem]);
    expect((await logged()).slice(before)).toEqual([
      expect.objectContaining({ waybill_id: data.waybill_id, code: "NO-SUCH-CODE", row_no: 3, skipped: 1 }),
    ]);

    // The detail: the box, the items inside it (their package named), the loose item; the dealer on every row.
    const response = await call(chain.app, {
      url: "/api/physical/waybills/download",
      query: { id: String(data.waybill_id), format: "csv" },
      token,
    });
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${data.waybill_no}.csv"`);
    const rows = parse(response.rawPayload, { bom: true });
    const dealer = (await chain.all(`SELECT dealer_name FROM dealers WHERE id = ?`, [dealerId]))[0].dealer_name;
    expect(rows[0]).toEqual(["运单号", "经销商", "外包装码", "码", "码类型", "上级码"]);
    expect(rows[1]).toEqual([data.waybill_no, dealer, box, box, "box", ""]);
    expect(rows.filter((row) => row[2] === box && row[5] === box)).toHaveLength(items);
    expect(rows.at(-1)).toEqual([data.waybill_no, dealer, looseItem, looseItem, "item", ""]);
    const xlsx = await call(chain.app, {
      url: "/api/physical/waybills/download",
      query: { id: String(data.waybill_id) },
      token,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    expect(book.worksheets[0].rowCount).toBe(rows.length);
  });

  it("an unknown dealer, an unreadable file or a file of no codes is a 400 that creates nothing", async () => {
    const before = await waybillTables();
    const bad = await chain.post("/api/physical/waybills/import", {
      dealer_id: 999_999,
      warehouse_id: warehouseId,
      file_name: "a.csv",
      content: csv([looseItem]),
    });
    expect(bad).toMatchObject({ status_code: 400, message: "dealer_id: no dealers record with id 999999" });
    expect(
      (
        await chain.post("/api/physical/waybills/import", {
          dealer_id: dealerId,
          warehouse_id: warehouseId,
          file_name: "a.txt",
          content: csv([looseItem]),
        })
      ).status_code,
    ).toBe(400);
    expect(
      (
        await chain.post("/api/physical/waybills/import", {
          dealer_id: dealerId,
          warehouse_id: warehouseId,
          file_name: "a.csv",
          content: csv([]),
        })
      ).status_code,
    ).toBe(400);
    expect(await waybillTables()).toEqual(before);
  });

  it("an XLSX file: its bad rows are refused, logged with the reason and the server's time; skip bad rows makes the draft", async () => {
    const wo = await chain.workOrder("in_progress");
    const [fresh] = (await chain.generated("item", 1)).codes as [string];
    const activated = await chain.post("/api/plant/codeactivations/add", {
      work_order_id: wo.id,
      level: "item",
      first_code: fresh,
    });
    expect(activated.code, activated.message).toBe(0);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("出库");
    for (const code of ["code", fresh, looseItem, "NO-SUCH-CODE"]) sheet.addRow([code]);
    const content = Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
    const uploadXlsx = (skip: boolean) =>
      chain.post("/api/physical/waybills/import", {
        dealer_id: dealerId,
        warehouse_id: warehouseId,
        file_name: "出库单.xlsx",
        content,
        skip_bad_rows: skip,
      });
    const reasons = {
      3: `row 3: code: ${looseItem} is already on waybill ${uploadedDraft}`,
      4: "row 4: code: NO-SUCH-CODE is not a known trace code",
    };
    const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
    const since = async () =>
      await chain.all(
        `SELECT code, message, occurred_at, file_name, row_no, skipped, waybill_id FROM wms_errors WHERE id > ? ORDER BY id`,
        [logStart],
      );

    chain.clock.now += 5 * 60_000;
    const refusedAt = at(chain.clock.now);
    const seen = (await since()).length;
    const before = await waybillTables();
    const refused = await uploadXlsx(false);
    expect(refused).toMatchObject({ status_code: 400 });
    expect(refused.errors).toEqual({ "row 3": reasons[3], "row 4": reasons[4] });
    expect(await waybillTables()).toEqual(before);
    // 出库异常日志: the reason as the answer gave it, and the time the server's clock said.
    expect((await since()).slice(seen)).toEqual([
      {
        code: looseItem,
        message: reasons[3],
        occurred_at: refusedAt,
        file_name: "出库单.xlsx",
        row_no: 3,
        skipped: 0,
        waybill_id: null,
      },
      {
        code: "NO-SUCH-CODE",
        message: reasons[4],
        occurred_at: refusedAt,
        file_name: "出库单.xlsx",
        row_no: 4,
        skipped: 0,
        waybill_id: null,
      },
    ]);

    chain.clock.now += 90_000;
    const skippedAt = at(chain.clock.now);
    const made = await uploadXlsx(true);
    expect(made.code, made.message).toBe(0);
    const data = made.data as {
      waybill_id: number;
      imported: number;
      skipped: { row: number; code: string; reason: string }[];
    };
    expect(data).toMatchObject({
      imported: 1,
      skipped: [
        { row: 3, code: looseItem, reason: reasons[3] },
        { row: 4, code: "NO-SUCH-CODE", reason: reasons[4] },
      ],
    });
    expect(
      (await chain.all(`SELECT code FROM waybill_codes WHERE waybill_id = ?`, [data.waybill_id])).map(
        (row) => row.code,
      ),
    ).toEqual([fresh]);
    expect((await since()).slice(seen + 2)).toEqual([
      {
        code: looseItem,
        message: reasons[3],
        occurred_at: skippedAt,
        file_name: "出库单.xlsx",
        row_no: 3,
        skipped: 1,
        waybill_id: data.waybill_id,
      },
      {
        code: "NO-SUCH-CODE",
        message: reasons[4],
        occurred_at: skippedAt,
        file_name: "出库单.xlsx",
        row_no: 4,
        skipped: 1,
        waybill_id: data.waybill_id,
      },
    ]);
  });
});
