// In the console: 上传运单 on 运单管理 — a file with a bad row refused row by
// row (the form's waybill number left empty: it is optional), then written skipping it under the
// number typed in the form; both attempts in 出库异常日志; the new waybill's detail downloaded
// as XLSX and CSV; shipped, it shows in 仓库发货端 and 市场存量, whose tables (beside their charts)
// equal the report calls, which a server test proves equal to the ledger.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { choose, ok, tokenOf } from "../org/org-helpers";
import { signIn, visiblePage } from "../shell/helpers";
import { codeState, freeBoxes } from "./logistics-helpers";

type ReportRow = Record<string, number | string | null>;

const itemsOf = (rows: readonly ReportRow[]) => rows.reduce((sum, row) => sum + Number(row.items ?? 0), 0);

/** The report's table beside its chart: its Items column adds up to `items`. */
async function expectReportItems(page: Page, path: string, items: number): Promise<void> {
  await page.goto(path);
  const screen = visiblePage(page);
  await expect(screen.locator("[data-report-chart] canvas").first()).toBeVisible();
  const table = screen.locator(".ant-table").first();
  const headers = await table.locator("thead th").allInnerTexts();
  const index = headers.findIndex((text) => /^Items/.test(text.trim()));
  expect(index).toBeGreaterThanOrEqual(0);
  await expect
    .poll(async () =>
      (await table.locator(`tbody tr.ant-table-row td:nth-child(${index + 1})`).allInnerTexts()).reduce(
        (sum, text) => sum + Number(text.replace(/,/g, "")),
        0,
      ),
    )
    .toBe(items);
}

test("上传运单: refused row by row, then written skipping the bad row; logged; downloaded; shipped into the logistics reports", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await tokenOf(request, "admin");
  const [dealer] = (
    await ok<{ list: { id: number; dealer_name: string }[] }>(
      request,
      token,
      "/api/base/dealers/pagelist?page=1&size=1",
    )
  ).list;
  const [warehouse] = (
    await ok<{ list: { id: number; warehouse_name: string }[] }>(
      request,
      token,
      "/api/base/warehouses/pagelist?page=1&size=1",
    )
  ).list;
  // Past the boxes the other logistics test ships, so the two can run in either order.
  const [{ box }] = await freeBoxes(request, token, 1, 3);
  const inside = (
    await ok<{ list: { child_code: string }[] }>(
      request,
      token,
      `/api/plant/packaginglinks/pagelist?page=1&size=50&parent_code=${box}`,
    )
  ).list.length;
  const fileName = `upload-${Date.now()}.csv`;
  const ownNumber = `WMS-${Date.now()}`;
  const file = { name: fileName, mimeType: "text/csv", buffer: Buffer.from(`code\n${box}\nNO-SUCH-CODE\n`) };

  await signIn(page, "admin", "/freight");
  await visiblePage(page).getByRole("button", { name: "Upload waybill" }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "Upload waybill" });
  await choose(
    dialog.locator(".ant-form-item").filter({ hasText: "Dealer" }).locator("input").first(),
    dealer.dealer_name,
  );
  await choose(
    dialog.locator(".ant-form-item").filter({ hasText: "Shipping warehouse" }).locator("input").first(),
    warehouse.warehouse_name,
  );
  await dialog.locator("input[type=file]").setInputFiles(file);
  const send = dialog.getByRole("button", { name: "Upload", exact: true });
  const outcome = dialog.getByTestId("upload-outcome");

  await test.step("a bad row refuses the file by default: named with its row, nothing created", async () => {
    await send.click();
    await expect(outcome).toContainText("Nothing was written");
    await expect(outcome).toContainText("row 3: code: NO-SUCH-CODE is not a known trace code");
    expect(
      (await ok<{ total: number }>(request, token, `/api/physical/waybillcodes/pagelist?page=1&size=1&code=${box}`))
        .total,
    ).toBe(0);
  });

  let waybillNo = "";
  await test.step("skip bad rows creates the draft waybill from the good row, under the form's number", async () => {
    await dialog.locator(".ant-form-item").filter({ hasText: "Waybill no." }).locator("input").fill(ownNumber);
    await dialog.locator(".ant-form-item").filter({ hasText: "Skip bad rows" }).getByRole("switch").click();
    await send.click();
    await expect(outcome).toContainText("1 row written");
    await expect(outcome).toContainText("1 row skipped");
    waybillNo = (/Created (\S+)/.exec(await outcome.innerText()) ?? [])[1] ?? "";
    expect(waybillNo).toBe(ownNumber);
    await dialog.locator(".ant-modal-footer").getByRole("button", { name: "Close" }).click();
  });

  await test.step("出库异常日志 holds the bad row twice: refused, then skipped", async () => {
    await page.goto(
      `/loglist?pageSize=10&currentPage=1&filters[0][field]=file_name&filters[0][operator]=contains&filters[0][value]=${fileName}`,
    );
    const logged = visiblePage(page).locator(".ant-table-row");
    await expect(logged).toHaveCount(2);
    await expect(logged.filter({ hasText: "NO-SUCH-CODE" })).toHaveCount(2);
    await expect(logged.first()).toContainText("Upload row refused");
  });

  await page.goto(
    `/freight?pageSize=10&currentPage=1&filters[0][field]=waybill_no&filters[0][operator]=contains&filters[0][value]=${waybillNo}`,
  );
  const row = visiblePage(page).locator(".ant-table-row").filter({ hasText: waybillNo });
  await expect(row).toHaveCount(1);

  await test.step("the waybill's detail downloads as XLSX and as CSV: the box, every item inside it, the dealer", async () => {
    const [xlsx] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: "Download (XLSX)" }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`${waybillNo}.xlsx`);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: "Download (CSV)" }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`${waybillNo}.csv`);
    const lines = (await readFile(await csv.path(), "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("运单号,经销商,外包装码,码,码类型,上级码");
    expect(lines).toHaveLength(1 + 1 + inside);
    expect(lines[1]).toBe(`${waybillNo},${dealer.dealer_name},${box},${box},box,`);
  });

  await test.step("shipped: 仓库发货端 and 市场存量 count the box's items, tables beside charts equal to the report calls", async () => {
    const shippedBefore = itemsOf(
      (await ok<{ list: ReportRow[] }>(request, token, "/api/report/shipmentsreport/query")).list,
    );
    const marketBefore = itemsOf(
      (await ok<{ list: ReportRow[] }>(request, token, "/api/report/marketreport/query")).list,
    );
    await row.getByRole("button", { name: "Ship" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "OK" }).click();
    await expect(row).toContainText("Shipped");
    expect(await codeState(request, token, box)).toMatchObject({ status: "shipped", dealer_id: dealer.id });
    const shipped = (await ok<{ list: ReportRow[] }>(request, token, "/api/report/shipmentsreport/query")).list;
    const market = (await ok<{ list: ReportRow[] }>(request, token, "/api/report/marketreport/query")).list;
    expect(itemsOf(shipped)).toBe(shippedBefore + inside);
    expect(itemsOf(market)).toBe(marketBefore + inside);
    await expectReportItems(page, "/shipments", itemsOf(shipped));
    await expectReportItems(page, "/marketreport", itemsOf(market));
  });
});
