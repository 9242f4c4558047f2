// 汇总报表 in the console: the production summary counted from the ledger, with its chart
// (@ant-design/plots, loaded only when the report opens) beside the table, and the table's rows
// the same figures the report call gives (the seeded chain's output).
import { expect, test } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { api, tokenOf } from "../org/org-helpers";

test("production summary: a chart beside the table, both showing the ledger's output", async ({ page, request }) => {
  const admin = await tokenOf(request, "admin");
  const report = (await api(request, admin, "/api/report/collect/query")).data as {
    list: { day: string; items: number }[];
  };
  const items = report.list.reduce((sum, row) => sum + row.items, 0);
  expect(items).toBeGreaterThan(0);

  const chartLoaded = page.waitForResponse((response) => /ReportChart.*\.js$/.test(response.url()));
  await signIn(page, "admin", "/collect");
  await chartLoaded;
  const chart = page.locator("[data-report-chart]");
  await expect(chart.locator("canvas").first()).toBeVisible();
  await expect(chart).toContainText("Items");

  // Chart and table sit side by side on a wide screen.
  const table = page.locator(".ant-table").first();
  await expect(table).toBeVisible();
  const [chartBox, tableBox] = [await chart.boundingBox(), await table.boundingBox()];
  expect(chartBox!.x + chartBox!.width).toBeLessThanOrEqual(tableBox!.x + 1);

  // One table row per report row, and the Items column adds up to the report's total.
  const rows = table.locator("tbody tr.ant-table-row");
  await expect(rows).toHaveCount(report.list.length);
  const itemsColumn = await table.locator("thead th").allInnerTexts();
  const index = itemsColumn.findIndex((text) => text.trim() === "Items");
  expect(index).toBeGreaterThanOrEqual(0);
  const cells = await rows.locator(`td:nth-child(${index + 1})`).allInnerTexts();
  expect(cells.reduce((sum, text) => sum + Number(text.replace(/,/g, "")), 0)).toBe(items);
});
