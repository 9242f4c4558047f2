import { expect, test } from "@playwright/test";
import { menuItem, sidebar, signIn } from "./helpers";

test.describe("mobile", () => {
  test("spec §4: below 992 px the sidebar closes without animation; navigating closes it", async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await signIn(page, "admin", "/dashboard", "zh");
    const wrapper = page.locator(".app-wrapper");
    await expect(wrapper).toHaveClass(/mobile/);
    await expect(wrapper).toHaveClass(/hideSidebar/);
    await expect(wrapper).toHaveClass(/withoutAnimation/);
    await expect.poll(async () => (await sidebar(page).boundingBox())!.x + 210).toBeLessThanOrEqual(0.5);
    await page.getByRole("button", { name: "展开/收起侧边栏" }).click();
    await expect(wrapper).toHaveClass(/openSidebar/);
    await expect(page.locator(".drawer-bg")).toBeVisible();
    await menuItem(page, "产品追溯系统").first().click();
    await menuItem(page, "基础信息").first().click();
    await menuItem(page, "仓库管理").click();
    await expect(page).toHaveURL(/\/store/);
    await expect(wrapper).toHaveClass(/hideSidebar/);
    await expect(wrapper).not.toHaveClass(/withoutAnimation/);
  });

  test("spec §4: turning mobile on resize closes the sidebar; resizes are ignored while the page is hidden", async ({
    page,
  }) => {
    await signIn(page, "admin", "/dashboard");
    const wrapper = page.locator(".app-wrapper");
    await expect(wrapper).not.toHaveClass(/mobile/);
    await expect(wrapper).toHaveClass(/openSidebar/);
    await page.evaluate(() => Object.defineProperty(document, "hidden", { configurable: true, get: () => true }));
    await page.setViewportSize({ width: 800, height: 800 });
    await page.waitForTimeout(300);
    await expect(wrapper).not.toHaveClass(/mobile/);
    await page.evaluate(() => Object.defineProperty(document, "hidden", { configurable: true, get: () => false }));
    await page.setViewportSize({ width: 801, height: 800 });
    await expect(wrapper).toHaveClass(/mobile/);
    await expect(wrapper).toHaveClass(/hideSidebar/);
    await expect(wrapper).toHaveClass(/withoutAnimation/);
  });
});
