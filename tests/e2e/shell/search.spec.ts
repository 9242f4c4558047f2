import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

async function search(page: Page, text: string) {
  await page.locator(".header-search .navbar-icon").click();
  const input = page.locator(".header-search-select input");
  await input.fill(text);
  return page.locator(".ant-select-dropdown:visible .ant-select-item-option");
}

test.describe("header search", () => {
  test("spec §2, §9: finds pages by title and by path; choosing one navigates", async ({ page }) => {
    await signIn(page, "admin", "/dashboard", "en");
    const byTitle = await search(page, "Warehouse");
    await expect(byTitle.first()).toContainText("Warehouse");
    const options = await search(page, "/dealer");
    await expect(options.first()).toBeVisible();
    await options.first().click();
    await expect(page).toHaveURL(/\/dealer/);
  });

  test("spec §2, §9: Chinese users find 产品列表 by pinyin cplb or chanpin", async ({ page }) => {
    await signIn(page, "admin", "/dashboard", "zh");
    for (const text of ["cplb", "chanpin", "产品列表"]) {
      const options = await search(page, text);
      await expect(options.first()).toContainText("产品列表");
      await page.keyboard.press("Escape");
      await page.locator(".navbar").click({ position: { x: 400, y: 10 } });
    }
    const options = await search(page, "cplb");
    await options.first().click();
    await expect(page).toHaveURL(/\/productlist/);
  });

  test("spec §6: the search offers only pages the account may open", async ({ page }) => {
    await signIn(page, "editor", "/dashboard", "zh");
    const options = await search(page, "工单");
    await expect(options).toHaveCount(0);
    // The same account does find a page it holds, and opens it.
    await page.keyboard.press("Escape");
    await page.locator(".navbar").click({ position: { x: 400, y: 10 } });
    const held = await search(page, "产品列表");
    await expect(held.filter({ hasText: "产品列表" })).toHaveCount(1);
    await held.filter({ hasText: "产品列表" }).click();
    await expect(page).toHaveURL(/\/productlist/);
  });
});
