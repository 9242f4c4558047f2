import { expect, test } from "@playwright/test";
import { cookie, menuItem, open, sidebar, signIn } from "./helpers";

test.describe("sidebar", () => {
  test("spec §9: the sidebar is 210 px wide, titled 4.1.0追溯系统, in the spec's colours", async ({ page }) => {
    await signIn(page, "admin", "/store", "zh");
    const box = await sidebar(page).boundingBox();
    expect(box?.width).toBe(210);
    await expect(sidebar(page).getByText("4.1.0追溯系统")).toBeVisible();
    await expect(sidebar(page)).toHaveCSS("background-color", "rgb(48, 65, 86)");
    await expect(menuItem(page, "首页")).toHaveCSS("color", "rgb(191, 203, 217)");
    const active = sidebar(page).locator(".ant-menu-item-selected");
    await expect(active).toContainText("仓库管理");
    // The spec's #409EFF lightened until it reads on #304156 at 4.5:1 (#62afff).
    await expect(active).toHaveCSS("color", "rgb(98, 175, 255)");
  });

  test("spec §4: collapsing the sidebar is kept in the sidebarStatus cookie", async ({ page }) => {
    await signIn(page);
    expect(await cookie(page, "sidebarStatus")).toBeUndefined();
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "1");
    await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(54);
    expect(await cookie(page, "sidebarStatus")).toBe("0");
    await page.reload();
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "1");
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "0");
    expect(await cookie(page, "sidebarStatus")).toBe("1");
  });

  test("spec §2: a menu item with exactly one visible child shows that child; hidden items are absent", async ({
    page,
  }) => {
    // editor holds only 产品列表 under 产品信息 (its siblings are hidden or not granted).
    await signIn(page, "editor", "/productlist", "zh");
    const base = sidebar(page).locator(".ant-menu-submenu").filter({ hasText: "基础信息" }).first();
    await expect(base.locator(".ant-menu-item").filter({ hasText: "产品列表" })).toBeVisible();
    await expect(menuItem(page, "产品信息")).toHaveCount(0);
    await page.context().clearCookies();
    // admin sees 产品信息 as a group, with its hidden children absent.
    await signIn(page, "admin", "/productlist", "zh");
    await expect(menuItem(page, "产品信息")).toHaveCount(1);
    await expect(menuItem(page, "产品列表")).toBeVisible();
    await expect(menuItem(page, "产品详情页")).toHaveCount(0);
    await expect(menuItem(page, "产品新增编辑")).toHaveCount(0);
  });

  test("spec §2: activeMenu lights the list item while a hidden page is open", async ({ page }) => {
    await signIn(page, "admin", "/productlist", "zh");
    await open(page, "/productaddedit/create");
    await expect(sidebar(page).locator(".ant-menu-item-selected")).toHaveCount(1);
    await expect(sidebar(page).locator(".ant-menu-item-selected")).toContainText("产品列表");
  });

  test("spec §2: a menu item opens its page; the sidebar follows navigation", async ({ page }) => {
    await signIn(page, "admin", "/dashboard", "zh");
    await menuItem(page, "产品追溯系统").first().click();
    await menuItem(page, "基础信息").first().click();
    await menuItem(page, "仓库管理").click();
    await expect(page).toHaveURL(/\/store/);
    await expect(sidebar(page).locator(".ant-menu-item-selected")).toContainText("仓库管理");
  });
});
