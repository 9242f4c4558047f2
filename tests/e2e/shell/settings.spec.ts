import { expect, test, type Page } from "@playwright/test";
import { cookie, signIn } from "./helpers";

async function openSettings(page: Page) {
  await page.getByRole("button", { name: "Settings" }).click();
  return page.locator(".ant-drawer-content");
}

test.describe("settings, theme and size", () => {
  test("spec §9: the settings panel has the defaults and keeps changes across a reload", async ({ page }) => {
    await signIn(page, "admin", "/store");
    const drawer = await openSettings(page);
    const toggle = (key: string) => drawer.locator(`[data-setting="${key}"]`);
    await expect(toggle("tagsView")).toHaveAttribute("aria-checked", "true");
    await expect(toggle("fixedHeader")).toHaveAttribute("aria-checked", "false");
    await expect(toggle("sidebarLogo")).toHaveAttribute("aria-checked", "true");
    await toggle("tagsView").click();
    await toggle("fixedHeader").click();
    await toggle("sidebarLogo").click();
    await expect(page.locator(".tags-view-container")).toHaveCount(0);
    await expect(page.locator(".fixed-header")).toHaveCount(1);
    await expect(page.locator(".sidebar-logo")).toHaveCount(0);
    await page.reload();
    await expect(page.locator(".navbar")).toBeVisible();
    await expect(page.locator(".tags-view-container")).toHaveCount(0);
    await expect(page.locator(".fixed-header")).toHaveCount(1);
    await expect(page.locator(".sidebar-logo")).toHaveCount(0);
    const again = await openSettings(page);
    await expect(again.locator('[data-setting="tagsView"]')).toHaveAttribute("aria-checked", "false");
  });

  test("spec §9: the theme colour reaches antd and our own CSS and survives a reload", async ({ page }) => {
    await signIn(page, "admin", "/store");
    const root = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--theme-color").trim());
    expect(await root()).toBe("#1890ff");
    const drawer = await openSettings(page);
    await drawer.locator(".ant-color-picker-trigger").click();
    await page
      .locator('.ant-color-picker-presets-color[aria-label="#13c2c2"], .ant-color-picker-presets-color')
      .filter({ has: page.locator('[style*="rgb(19, 194, 194)"]') })
      .first()
      .click();
    await expect.poll(root).toBe("#13c2c2");
    // Cluster: tint 0.9 of #13c2c2, zero-padded.
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--theme-9").trim()),
    ).toBe("#e7f9f9");
    await page.keyboard.press("Escape");
    await page.reload();
    await expect.poll(root).toBe("#13c2c2");
    // Under white text the theme is its solid shade, #13c2c2 darkened to read at 4.5:1 (#0c7c7c).
    await expect(page.locator(".tags-view-item.active")).toHaveCSS("background-color", "rgb(12, 124, 124)");
    await expect(page.locator(".sidebar-container .ant-menu-item-selected")).toHaveCSS("color", "rgb(19, 194, 194)");
    const primary = page.locator(".app-page:visible .ant-btn-primary").first();
    await expect(primary).toHaveCSS("background-color", "rgb(12, 124, 124)");
    // antd's hover is the solid shade's 0.1 shade (#0b7070), not a shade antd derives on its own.
    await primary.hover();
    await expect(primary).toHaveCSS("background-color", "rgb(11, 112, 112)");
  });

  test("spec §2: the size selector maps onto antd's sizes and is kept in a cookie", async ({ page }) => {
    await signIn(page, "admin", "/store");
    const button = page.locator(".app-page:visible .ant-btn-primary").first();
    await expect(button).toBeVisible();
    expect(await cookie(page, "size")).toBeUndefined();
    const height = async () => (await button.boundingBox())!.height;
    expect(await height()).toBe(32); // medium: antd's middle
    // mini is small plus antd's compact algorithm: lower still.
    for (const [name, label, within] of [
      ["default", "Default", [40, 40]],
      ["small", "Small", [24, 24]],
      ["mini", "Mini", [16, 23]],
    ] as const) {
      await page.getByRole("button", { name: "Layout size" }).click();
      await page.getByRole("menuitem", { name: label }).click();
      await expect(page.getByRole("button", { name: "Layout size" })).toHaveAttribute("data-size", name);
      await expect.poll(height).toBeGreaterThanOrEqual(within[0]);
      await expect.poll(height).toBeLessThanOrEqual(within[1]);
      expect(await cookie(page, "size")).toBe(name);
    }
    await page.reload();
    await expect(page.getByRole("button", { name: "Layout size" })).toHaveAttribute("data-size", "mini");
  });
});
