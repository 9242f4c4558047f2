// With 仓库管理 kept open in its tab, going to /store?currentPage=2 shows page 2 and
// keeps it in the address: the kept list must not write its old page 1 back.
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test("a kept list shown again at /store?currentPage=2 shows page 2 and keeps it in the address", async ({ page }) => {
  await signIn(page, "admin", "/store", "en");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.locator(".ant-pagination-item-active")).toHaveText("1");
  const firstPageIds = await page.locator(".ant-table-row td:first-child").allTextContents();
  // Leave through the home tab: 仓库管理 stays kept alive in its own tab.
  await page.locator(".tags-view-item").first().click();
  await expect(page).toHaveURL(/\/dashboard/);
  // Then arrive at its second page in-app, as a link or the history would bring the user there.
  await page.evaluate(() => {
    history.pushState({}, "", "/store?currentPage=2&pageSize=10");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.locator(".ant-pagination-item-active")).toHaveText("2");
  await expect(page).toHaveURL(/currentPage=2/);
  // Still there a moment later: nothing writes page 1 back.
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/currentPage=2/);
  expect(await page.locator(".ant-table-row td:first-child").allTextContents()).not.toEqual(firstPageIds);
});
