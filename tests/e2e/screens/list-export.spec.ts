// A list exports server-side with its current filters, every row, as CSV or XLSX,
// headed in the console's language, with the export button only for holders of its code.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { signIn } from "../shell/helpers";
import { ok, tokenOf } from "../org/org-helpers";

test("仓库管理 exports its filtered list as CSV and XLSX, every row, headed in English", async ({ page, request }) => {
  const admin = await tokenOf(request, "admin");
  const { total } = await ok<{ total: number }>(
    request,
    admin,
    "/api/base/warehouses/pagelist?page=1&size=1&status=enabled",
  );
  expect(total).toBeGreaterThan(0);
  await signIn(page, "admin", "/dashboard", "en");
  await page.goto(
    "/store?pageSize=10&currentPage=1&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=enabled",
  );
  await expect(page.locator(".ant-table-row").first()).toBeVisible();

  await page.getByRole("button", { name: "Export" }).click();
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^Warehouses-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(readFileSync(await csv.path()), { bom: true });
  expect(rows[0]).toContain("Warehouse name");
  expect(rows.length - 1).toBe(total);
  const status = rows[0].indexOf("Status");
  expect(new Set(rows.slice(1).map((row) => row[status]))).toEqual(new Set(["Enabled"]));

  await page.getByRole("button", { name: "Export" }).click();
  const xlsxDownload = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export Excel (XLSX)" }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  // An XLSX file is a zip archive.
  expect(
    readFileSync(await xlsx.path())
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");
});

test("a user who may read 仓库管理 but holds no export button sees no Export button", async ({ page }) => {
  await signIn(page, "editor", "/store", "en");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Add" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export" })).toHaveCount(0);
});
