// The scan page follows the product's template: its title, colour, the message for
// the verdict and its enabled banners in their order; the batch and maker shown or not; the dealer
// and waybill in the answer only when the template shows them; an edit applies from the next scan.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";

let chain: ChainApp;
let shipped: { code: string; product_id: number; dealer_id: number; waybill_id: number }[];
let templateId: number;

const run = async (sql: string, params: unknown[] = []) =>
  await chain.app.consoleContext.store.run(sql, params as never[]);
const scan = async (code: string) =>
  (
    await chain.app.inject({
      method: "GET",
      url: "/api/public/scan",
      query: { code, path: "m_q" },
      remoteAddress: "36.112.0.9",
    })
  ).json().data;

beforeAll(async () => {
  chain = await chainApp();
  shipped = (await chain.all(
    `SELECT code, product_id, dealer_id, waybill_id FROM trace_codes WHERE status = 'shipped' AND code_type = 'item' AND scan_count = 0 AND dealer_id IS NOT NULL ORDER BY id LIMIT 4`,
  )) as typeof shipped;
  const productId = shipped[0].product_id;
  await run(`DELETE FROM template_banners`);
  await run(`UPDATE scan_templates SET status = 'disabled' WHERE product_id = ?`, [productId]);
  const made = await chain.post("/api/querymanage/scantemplates/add", {
    template_code: "TPL-TEST",
    template_name: "测试模板",
    product_id: productId,
    page_title: "正品查询",
    theme_color: "#c41d7f",
    genuine_message: "感谢购买正品",
    repeat_message: "此码已被查询过",
    show_batch: false,
    show_manufacturer: true,
    show_dealer: false,
    show_waybill: false,
    is_default: false,
    status: "enabled",
  });
  expect(made.code, made.message).toBe(0);
  templateId = made.data.id;
  for (const [title, sort, enabled] of [
    ["second", 2, true],
    ["first", 1, true],
    ["off", 0, false],
  ] as const) {
    const banner = await chain.post("/api/querymanage/templatebanners/add", {
      template_id: templateId,
      title,
      image_url: `https://img.example.com/${title}.png`,
      sort,
      enabled,
    });
    expect(banner.code, banner.message).toBe(0);
  }
}, 60_000);
afterAll(() => chain.app.close());

const sameProduct = () => shipped.filter((row) => row.product_id === shipped[0].product_id);

describe("the scan page's template", () => {
  it("gives its title, colour, the verdict's message and its enabled banners in order; hides what it does not show", async () => {
    const [target] = sameProduct();
    const first = await scan(target.code);
    expect(first.result).toBe("genuine");
    expect(first.page).toEqual({
      title: "正品查询",
      theme_color: "#c41d7f",
      message: "感谢购买正品",
      banners: [
        { title: "first", image_url: "https://img.example.com/first.png", link_url: null },
        { title: "second", image_url: "https://img.example.com/second.png", link_url: null },
      ],
      dealer: null,
      waybill: null,
    });
    expect(first.product).toMatchObject({ batch_no: null, production_date: null, expiry_date: null });
    expect(first.product.product_name).toEqual(expect.any(String));
    const again = await scan(target.code);
    expect(again.page.message).toBe("此码已被查询过");
  });

  it("never carries the dealer or waybill unless the template shows them; an edit applies from the next scan", async () => {
    const dealerName = (await chain.all(`SELECT dealer_name FROM dealers WHERE id = ?`, [shipped[0].dealer_id]))[0]
      .dealer_name as string;
    const waybillNo = (await chain.all(`SELECT waybill_no FROM waybills WHERE id = ?`, [shipped[0].waybill_id]))[0]
      .waybill_no as string;
    const hidden = await scan(shipped[0].code);
    const text = JSON.stringify(hidden);
    expect(text).not.toContain(dealerName);
    expect(text).not.toContain(waybillNo);

    const edited = await chain.post("/api/querymanage/scantemplates/update", {
      id: templateId,
      show_dealer: true,
      show_waybill: true,
      show_batch: true,
    });
    expect(edited.code, edited.message).toBe(0);
    const shown = await scan(shipped[0].code);
    expect(shown.page).toMatchObject({ dealer: dealerName, waybill: waybillNo });
    expect(shown.product.batch_no).toEqual(expect.any(String));
  });

  it("an unknown code gets the enabled default template, with no dealer", async () => {
    await run(`UPDATE scan_templates SET is_default = FALSE`);
    const made = await chain.post("/api/querymanage/scantemplates/add", {
      template_code: "TPL-DEFAULT",
      template_name: "默认模板",
      page_title: "产品查询",
      genuine_message: "正品",
      repeat_message: "重复",
      show_dealer: true,
      is_default: true,
      status: "enabled",
    });
    expect(made.code, made.message).toBe(0);
    const unknown = await scan("ZZNOSUCHCODE0009");
    expect(unknown.result).toBe("not_found");
    expect(unknown.page).toMatchObject({ title: "产品查询", message: null, dealer: null, banners: [] });
  });

  it("the public product is kept between scans, and a product edit applies from the next scan", async () => {
    const [, second] = sameProduct().length > 1 ? sameProduct() : shipped;
    const before = await scan(second.code);
    const renamed = await chain.post("/api/base/products/update", {
      id: second.product_id,
      product_name: `${before.product.product_name}·新包装`,
    });
    expect(renamed.code, renamed.message).toBe(0);
    const after = await scan(second.code);
    expect(after.product.product_name).toBe(`${before.product.product_name}·新包装`);
  });
});
