// An uploaded waybill keeps the number the warehouse gave it: the file's 运单号 column (CSV or XLSX,
// wherever the column stands) or the form's waybill_no; a number that exists is refused (409,
// naming it and its status) and nothing is created; a file naming two numbers, or one the form
// contradicts, is refused; a file without one still gets a generated number. 出库异常日志 keeps a
// bad row's reason as the catalog's key and parameters, so an upload made in Chinese reads in
// English for an English reader and in Chinese for a Chinese one.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../../test-fixtures/chain-app";
import { call, envelope, login } from "../../../test-fixtures/test-app";

let chain: ChainApp;
let token: string;
let dealerId: number;
let warehouseId: number;
let items: string[];

const csv = (lines: string[]) => Buffer.from(lines.join("\n")).toString("base64");
const upload = (content: string, extra: Record<string, unknown> = {}, language?: string) =>
  call(chain.app, {
    method: "POST",
    url: "/api/physical/waybills/import",
    token,
    language,
    body: { dealer_id: dealerId, warehouse_id: warehouseId, file_name: "出库单.csv", content, ...extra },
  }).then(envelope);
const waybillTables = async () => ({
  waybills: await chain.all(`SELECT * FROM waybills ORDER BY id`),
  waybill_codes: await chain.all(`SELECT * FROM waybill_codes ORDER BY id`),
});
const waybillNoOf = async (id: number) =>
  (await chain.all(`SELECT waybill_no FROM waybills WHERE id = ?`, [id]))[0].waybill_no;

beforeAll(async () => {
  chain = await chainApp();
  token = await login(chain.app, "admin");
  dealerId = (await chain.all(`SELECT id FROM dealers ORDER BY id LIMIT 1`))[0].id as number;
  warehouseId = (await chain.all(`SELECT id FROM warehouses ORDER BY id LIMIT 1`))[0].id as number;
  const wo = await chain.workOrder("in_progress");
  items = (await chain.generated("item", 8)).codes;
  const activated = await chain.post("/api/plant/codeactivations/add", {
    work_order_id: wo.id,
    level: "item",
    first_code: items[0],
    last_code: items.at(-1),
  });
  expect(activated.code, activated.message).toBe(0);
}, 60_000);
afterAll(() => chain.app.close());

describe("POST /api/physical/waybills/import: the waybill's own number", () => {
  it("keeps the number of the file's 运单号 column, wherever it stands", async () => {
    const answer = await upload(csv(["码,运单号", `${items[0]},WMS-2024-0001`, `${items[1]},WMS-2024-0001`]));
    expect(answer.code, answer.message).toBe(0);
    expect(answer.data).toMatchObject({ waybill_no: "WMS-2024-0001", created: "WMS-2024-0001", imported: 2 });
    expect(await waybillNoOf((answer.data as { waybill_id: number }).waybill_id)).toBe("WMS-2024-0001");
  });

  it("keeps the form's number; a file without one still gets a generated number", async () => {
    const given = await upload(csv(["code", items[2]]), { waybill_no: "WMS-2024-0002" });
    expect(given.code, given.message).toBe(0);
    expect(given.data).toMatchObject({ waybill_no: "WMS-2024-0002" });
    const plain = await upload(csv([items[3]]));
    expect(plain.code, plain.message).toBe(0);
    expect((plain.data as { waybill_no: string }).waybill_no).toMatch(/^WU\d{14}[0-9A-F]{4}$/);
  });

  it("reads the number from an XLSX file's column too", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("出库");
    for (const row of [
      ["运单号", "追溯码"],
      ["WMS-2024-0003", items[4]],
    ])
      sheet.addRow(row);
    const content = Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
    const answer = await upload(content, { file_name: "出库单.xlsx" });
    expect(answer.code, answer.message).toBe(0);
    expect(answer.data).toMatchObject({ waybill_no: "WMS-2024-0003", imported: 1 });
  });

  it("refuses a number that exists, from the file or the form, naming it and its status; nothing is created", async () => {
    const before = await waybillTables();
    const fromFile = await upload(csv(["运单号,码", `WMS-2024-0001,${items[5]}`]));
    expect(fromFile).toMatchObject({
      status_code: 409,
      key: "logistics.upload.numberTaken",
      message:
        "waybill_no: waybill WMS-2024-0001 already exists (pending); an uploaded waybill keeps its own number, and one number is one waybill",
    });
    const fromForm = await upload(csv([items[5]]), { waybill_no: "WMS-2024-0002" }, "zh-CN");
    expect(fromForm).toMatchObject({ status_code: 409, key: "logistics.upload.numberTaken" });
    expect(fromForm.message).toContain("运单 WMS-2024-0002 已存在（待发货）");
    expect(await waybillTables()).toEqual(before);
  });

  it("refuses a file naming two numbers, a form that contradicts its file, and a number the waybill field refuses", async () => {
    const before = await waybillTables();
    const two = await upload(csv(["运单号,码", `WMS-A,${items[5]}`, `WMS-B,${items[6]}`]));
    expect(two).toMatchObject({ status_code: 400, key: "logistics.upload.manyNumbers" });
    expect(two.message).toContain("(WMS-A, WMS-B)");
    const contradicted = await upload(csv(["运单号,码", `WMS-A,${items[5]}`]), { waybill_no: "WMS-C" });
    expect(contradicted).toMatchObject({ status_code: 400, key: "logistics.upload.numberMismatch" });
    const badInFile = await upload(csv(["运单号,码", `运单一号,${items[5]}`]));
    expect(badInFile).toMatchObject({ status_code: 400, key: "logistics.upload.badNumber" });
    const badInForm = await upload(csv([items[5]]), { waybill_no: "运单一号" });
    expect(badInForm.status_code).toBe(400);
    expect(await waybillTables()).toEqual(before);
  });
});

describe("出库异常日志 in the reader's language", () => {
  it("a bad row of an upload made in Chinese reads in English and in Chinese", async () => {
    const logStart = ((await chain.all(`SELECT MAX(id) AS id FROM wms_errors`))[0].id as number | null) ?? 0;
    const refused = await upload(csv(["code", items[7], "NO-SUCH-CODE"]), {}, "zh-CN");
    expect(refused).toMatchObject({ status_code: 400 });
    expect(refused.errors).toEqual({ "row 3": "第 3 行：code: NO-SUCH-CODE 不是已知的追溯码" });
    const [row] = await chain.all(`SELECT id, message_key, message_params FROM wms_errors WHERE id > ?`, [logStart]);
    expect(row).toMatchObject({ message_key: "logistics.upload.row" });
    expect(JSON.parse(row.message_params as string)).toMatchObject({ row: 3, reason: { key: "codes.unknownCode" } });

    const read = async (language: string) => {
      const list = envelope(
        await call(chain.app, {
          url: "/api/physical/wmserrors/pagelist",
          query: { page: "1", size: "10", file_name: "出库单.csv" },
          token,
          language,
        }),
      );
      const detail = envelope(
        await call(chain.app, {
          url: "/api/physical/wmserrors/detail",
          query: { id: String(row.id) },
          token,
          language,
        }),
      );
      const listed = (list.data as { list: { id: number; message: string }[] }).list.find(
        (entry) => entry.id === row.id,
      );
      return [listed?.message, (detail.data as { message: string }).message];
    };
    expect(await read("en")).toEqual(Array(2).fill("row 3: code: NO-SUCH-CODE is not a known trace code"));
    expect(await read("zh-CN")).toEqual(Array(2).fill("第 3 行：code: NO-SUCH-CODE 不是已知的追溯码"));
  });
});
