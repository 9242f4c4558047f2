import { expect, test } from "@playwright/test";
import { authenticate, menuItem, setCookies, signIn } from "./helpers";

// Menu titles come from the manifest (仓库管理 is /store, under 基础信息), the rest from the shell's locales.
const LANGUAGES = [
  {
    code: "zh",
    name: "中文",
    dashboard: "首页",
    area: "基础信息",
    page: "仓库管理",
    logOut: "退出登录",
    antd: "条/页",
  },
  {
    code: "en",
    name: "English",
    dashboard: "Dashboard",
    area: "Basic data",
    page: "Warehouses",
    logOut: "Log out",
    antd: "/ page",
  },
  {
    code: "es",
    name: "Español",
    dashboard: "Inicio",
    area: "Datos básicos",
    page: "Almacenes",
    logOut: "Cerrar sesión",
    antd: "/ página",
  },
  {
    code: "ja",
    name: "日本語",
    dashboard: "ホーム",
    area: "基本情報",
    page: "倉庫管理",
    logOut: "ログアウト",
    antd: "件 / ページ",
  },
];

test.describe("languages", () => {
  for (const language of LANGUAGES) {
    test(`spec §1, §9: ${language.code} switches the shell, the menu and antd without a reload`, async ({ page }) => {
      const start = language.code === "en" ? "zh" : "en";
      await signIn(page, "admin", "/store", start);
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      await page.getByRole("button", { name: start === "en" ? "Language" : "语言" }).click();
      await page.getByRole("menuitem", { name: language.name }).click();
      await expect(page.locator('.tags-view-item[data-path="/dashboard"]')).toHaveText(language.dashboard);
      await expect(page.locator(".app-breadcrumb")).toContainText(language.dashboard);
      await expect(page.locator(".app-page:visible .ant-pagination-options").first()).toContainText(language.antd);
      await expect(menuItem(page, language.area).first()).toBeVisible();
      await expect(page.locator(".sidebar-container .ant-menu-item-selected")).toHaveText(language.page);
      await expect(page.locator(".app-breadcrumb")).toContainText(language.area);
      await page.getByTestId("avatar").click();
      await expect(page.getByRole("menuitem", { name: language.logOut })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect((await page.context().cookies()).find((c) => c.name === "language")?.value).toBe(language.code);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.code);
      await expect(page).toHaveTitle(`${language.page} - 4.1.0追溯系统`);
    });
  }

  test("spec §9: the language comes from the cookie, else the browser, else en", async ({ browser }) => {
    for (const [locale, cookieValue, expected] of [
      ["ja-JP", undefined, "ホーム"],
      ["es-ES", "zh", "首页"],
      ["fr-FR", undefined, "Dashboard"],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await authenticate(page, "admin");
      await context.clearCookies({ name: "language" });
      if (cookieValue) await setCookies(context, { language: cookieValue });
      await page.goto("/dashboard");
      await expect(page.locator('.tags-view-item[data-path="/dashboard"]')).toHaveText(expected);
      await context.close();
    }
  });
});
