// Logistics on the ledger in the console: a code refused and a box added on 扫码加入运单
// (the refusal's reason shown), the waybill shipped from 运单管理 with its counts, a box taken off
// on 减货; then, through the API, a return by the wrong dealer (both named) and the right one,
// 退货解绑 and a reship to the other dealer, each checked against the codes' attribution.
import { expect, test, type Page } from "@playwright/test";
import { choose, formControl, ok, api, stamp, tokenOf } from "../org/org-helpers";
import { codeState, freeBoxes } from "./logistics-helpers";

const rows = (page: Page) => visiblePage(page).locator(".ant-table-tbody tr.ant-table-row");
const saveIn = (page: Page) =>
  visiblePage(page)
    .locator(".ant-card")
    .filter({ has: page.getByRole("button", { name: "Save" }) });

import { signIn, visiblePage } from "../shell/helpers";

test("ship boxes to a dealer, refused adds, reduce; return by the wrong and the right dealer, free, reship to another", async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, "admin");
  const dealers = (
    await ok<{ list: { id: number; dealer_name: string; dealer_code: string }[] }>(
      request,
      token,
      "/api/base/dealers/pagelist?page=1&size=2",
    )
  ).list;
  const [warehouse] = (
    await ok<{ list: { id: number }[] }>(request, token, "/api/base/warehouses/pagelist?page=1&size=1")
  ).list;
  const [first, second] = await freeBoxes(request, token, 2);
  const waybillNo = `WB-E2E-${stamp()}`.toUpperCase();
  const waybill = await ok<{ id: number }>(request, token, "/api/physical/waybills/add", {
    waybill_no: waybillNo,
    dealer_id: dealers[0].id,
    warehouse_id: warehouse.id,
    ship_date: "2024-06-01",
  });

  await signIn(page, "admin", "/boxcode/create");
  const form = saveIn(page);
  await choose(formControl(form, "Waybill"), waybillNo);
  // A packed item is refused with the reason: ship its box, or unpack it first.
  await formControl(form, "Code").fill(first.item);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(visiblePage(page)).toContainText(
    `${first.item} is packed in box ${first.box}; ship the box, or unpack ${first.item} first`,
  );
  await formControl(form, "Code").fill(first.box);
  await form.getByRole("button", { name: "Save" }).click();
  // Saved: back on the list, which shows the box on the waybill.
  await expect(page).toHaveURL(/\/boxcode(\?|$)/);
  await expect(rows(page).filter({ hasText: first.box })).toContainText(waybillNo);
  await ok(request, token, "/api/physical/waybillcodes/add", { waybill_id: waybill.id, code: second.box });
  // The same box on another waybill is refused, naming the first.
  const other = await ok<{ id: number }>(request, token, "/api/physical/waybills/add", {
    waybill_no: `${waybillNo}-B`,
    dealer_id: dealers[1].id,
    warehouse_id: warehouse.id,
    ship_date: "2024-06-01",
  });
  const twice = await api(request, token, "/api/physical/waybillcodes/add", { waybill_id: other.id, code: first.box });
  expect(twice.message).toContain(`${first.box} is already on waybill ${waybillNo}`);

  // Ship from 运单管理.
  await page.goto(
    `/freight?pageSize=10&currentPage=1&filters[0][field]=waybill_no&filters[0][operator]=contains&filters[0][value]=${waybillNo}`,
  );
  const row = rows(page)
    .filter({ hasText: waybillNo })
    .filter({ hasNotText: `${waybillNo}-B` });
  await row.getByRole("button", { name: "Ship" }).click();
  await page.locator(".ant-popconfirm:visible, .ant-modal:visible").getByRole("button", { name: "OK" }).click();
  await expect(row).toContainText("Shipped");
  expect(await codeState(request, token, first.item)).toMatchObject({
    status: "shipped",
    dealer_id: dealers[0].id,
    waybill_id: waybill.id,
  });

  // 减货: the second box comes off the shipped waybill; its item is no longer the dealer's.
  await page.goto("/Minderlieferung/create");
  const reduce = saveIn(page);
  await formControl(reduce, "Removed code").fill(second.box);
  await formControl(reduce, "Reason").fill("客户少要");
  await reduce.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/Minderlieferung(\?|$)/);
  await expect(rows(page).filter({ hasText: second.box })).toContainText(waybillNo);
  expect(await codeState(request, token, second.item)).toMatchObject({
    status: "packed",
    dealer_id: null,
    waybill_id: null,
  });

  // Returns: the wrong dealer is refused, naming both; the right one is received.
  const rma = `RMA-${stamp()}`.toUpperCase();
  const give = (dealer: number) =>
    api(request, token, "/api/physical/returns/add", {
      return_no: rma,
      dealer_id: dealer,
      warehouse_id: warehouse.id,
      codes: first.box,
      reason: "破损",
    });
  const wrong = await give(dealers[1].id);
  expect(wrong.message).toContain(
    `was shipped to ${dealers[0].dealer_name} (${dealers[0].dealer_code}), not to ${dealers[1].dealer_name} (${dealers[1].dealer_code})`,
  );
  expect((await give(dealers[0].id)).code).toBe(0);
  expect(await codeState(request, token, first.item)).toMatchObject({ status: "returned" });
  await ok(request, token, "/api/physical/returnunlinks/add", { code: first.box, reason: "复检合格" });
  // Reship to the other dealer: the item's attribution moves.
  await ok(request, token, "/api/physical/waybillcodes/add", { waybill_id: other.id, code: first.box });
  await ok(request, token, "/api/physical/waybills/ship", { id: other.id });
  expect(await codeState(request, token, first.item)).toMatchObject({
    status: "shipped",
    dealer_id: dealers[1].id,
    waybill_id: other.id,
  });
});
