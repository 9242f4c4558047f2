// The refusals of shipping, returns, waybill files, dealer regions and consumer
// scans reach the user in the request's language, with their key, parameters and field; a word
// that varies (a status, a packaging level, "an earlier row of this file") is worded by the
// language too, and a refused upload lists its rows in it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { logisticsStock, draftWaybill, type Stock } from "../../test-fixtures/logistics-stock";
import { login } from "../../test-fixtures/test-app";

let chain: ChainApp;
let s: Stock;
let token: string;
let draft: { id: number; no: string };

interface Refusal {
  status_code: number;
  message: string;
  key: string;
  params?: Record<string, unknown>;
  field?: string;
  errors?: Record<string, string>;
}

async function send(language: string, method: "GET" | "POST", url: string, body?: unknown): Promise<Refusal> {
  const response = await chain.app.inject({
    method,
    url,
    headers: { token, "accept-language": language },
    ...(method === "GET" ? { query: body as Record<string, string> } : { payload: body as object }),
  });
  return response.json<Refusal>();
}
const post = (language: string, url: string, body: unknown) => send(language, "POST", url, body);
const addCode = (language: string, code: string) =>
  post(language, "/api/physical/waybillcodes/add", { waybill_id: draft.id, code });
const csv = (codes: string[]) => Buffer.from(["code", ...codes].join("\n")).toString("base64");

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
  token = await login(chain.app, "admin");
  draft = await draftWaybill(chain, s, s.dealers[0]);
}, 120_000);
afterAll(() => chain.app.close());

describe("logistics refusals in the request's language", () => {
  it("a voided code, in Chinese: key, field and message", async () => {
    const refused = await addCode("zh-CN,zh;q=0.9", s.B[4]);
    expect(refused).toMatchObject({
      status_code: 409,
      key: "logistics.voided",
      field: "code",
      params: { code: s.B[4] },
    });
    expect(refused.message).toBe(`code: ${s.B[4]} 已作废`);
    expect(refused.errors).toEqual({ code: `${s.B[4]} 已作废` });
  });

  it("a packed item names its package's level in the language, as a message of its own", async () => {
    const zh = await addCode("zh", s.I[0]);
    expect(zh).toMatchObject({
      status_code: 409,
      key: "logistics.packedIn",
      field: "code",
      params: { level: { key: "logistics.level.box" } },
    });
    expect(zh.message).toBe(`code: ${s.I[0]} 已装入盒 ${s.B[0]}；请整盒发货，或先将 ${s.I[0]} 拆出`);
    const es = await addCode("es", s.I[0]);
    expect(es.message).toBe(
      `code: ${s.I[0]} está embalado en caja pequeña ${s.B[0]}; envíe el embalaje completo (caja pequeña) o desembale antes ${s.I[0]}`,
    );
    // No Accept-Language: English, as before.
    const en = await addCode("", s.I[0]);
    expect(en.message).toBe(`code: ${s.I[0]} is packed in box ${s.B[0]}; ship the box, or unpack ${s.I[0]} first`);
  });

  it("a return of a code never shipped names its status in the language", async () => {
    const refused = await post("zh", "/api/physical/returns/add", {
      return_no: "RMA-MSG",
      dealer_id: s.dealers[0],
      warehouse_id: s.warehouse,
      codes: s.I[7],
      reason: "包装破损",
    });
    expect(refused).toMatchObject({
      status_code: 409,
      key: "logistics.return.neverShipped",
      field: "codes",
      params: { status: { key: "logistics.codeStatus.activated" } },
    });
    expect(refused.message).toBe(`codes: ${s.I[7]} 从未发货（当前状态为已激活）；只有已发货的码才能退货`);
  });

  it("a refused upload lists its rows, each with its own reason, in the language", async () => {
    const refused = await post("zh", "/api/physical/waybills/import", {
      dealer_id: s.dealers[0],
      warehouse_id: s.warehouse,
      file_name: "出库单.csv",
      content: csv([s.I[8], s.I[0], s.I[8]]),
    });
    const rows = {
      "row 3": `第 3 行：code: ${s.I[0]} 已装入盒 ${s.B[0]}；请整盒发货，或先将 ${s.I[0]} 拆出`,
      "row 4": `第 4 行：code: ${s.I[8]} 已列入本文件前面的行`,
    };
    expect(refused).toMatchObject({
      status_code: 400,
      key: "logistics.upload.refused",
      params: { count: 2, total: 3 },
    });
    expect(refused.field).toBeUndefined();
    expect(refused.message).toBe(`上传被拒绝，未创建运单：3 行中有 2 行有问题：${rows["row 3"]}; ${rows["row 4"]}`);
    expect(refused.errors).toEqual(rows);
  });

  it("a region that is not a province or a city, in Japanese", async () => {
    const refused = await post("ja", "/api/base/dealers/update", { id: s.dealers[0], authorised_regions: ["440106"] });
    expect(refused).toMatchObject({
      status_code: 400,
      key: "logistics.region.notProvinceOrCity",
      field: "authorised_regions",
    });
    expect(refused.message).toBe(
      "authorised_regions: 440106 は GB/T 2260 の省または市ではありません。省または市を認可してください",
    );
  });

  it("a Digital Link with a wrong check digit, on the public scan, in Japanese", async () => {
    const refused = await send("ja", "GET", "/api/public/scan", { code: "A1B2C3", gtin: "06901234567891" });
    expect(refused).toMatchObject({ status_code: 400, key: "logistics.scan.badDigitalLink", field: "gtin" });
    expect(refused.message).toBe(
      "gtin: /01/06901234567891/21/A1B2C3 は有効な GS1 Digital Link ではありません（GTIN のチェックデジットを確認してください）",
    );
  });
});
