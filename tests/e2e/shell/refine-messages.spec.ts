// Refine's own messages in the console's four languages. Saving a new record on a
// generated screen (仓库管理, /store) shows refine's success toast titled in the interface language and
// naming the screen's record title (仓库, Warehouses…), never a raw key ("notifications.success") or
// the route name ("Successfully created store").
import { expect, test, type Page } from "@playwright/test";
import { signIn, visiblePage } from "./helpers";

const LANGUAGES = {
  zh: { title: "成功", body: "已新增 仓库", type: "总仓" },
  en: { title: "Success", body: "Warehouses: record created", type: "Central warehouse" },
  es: { title: "Correcto", body: "Almacenes: registro creado", type: "Almacén central" },
  ja: { title: "成功", body: "倉庫を登録しました", type: "中央倉庫" },
} as const;

/** A form control by its field name: antd ids a form's inputs `<form name>_<field>`, in every language. */
const field = (page: Page, name: string) => visiblePage(page).locator(`[id$="_${name}"]`).first();

async function fillWarehouse(page: Page, language: keyof typeof LANGUAGES, code: string): Promise<void> {
  await field(page, "warehouse_code").fill(code);
  await field(page, "warehouse_name").fill(`提示测试仓库 ${code}`);
  await field(page, "warehouse_type").click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .filter({ hasText: LANGUAGES[language].type })
    .click();
  await visiblePage(page)
    .locator(".ant-form-item")
    .filter({ has: page.locator('[id$="_region_code"]') })
    .locator(".ant-cascader")
    .click();
  const column = (index: number) => page.locator(".ant-cascader-dropdown:visible .ant-cascader-menu").nth(index);
  await column(0).locator(".ant-cascader-menu-item").filter({ hasText: "江苏省" }).first().click();
  await column(1).locator(".ant-cascader-menu-item").filter({ hasText: "南京市" }).first().click();
  await column(2).locator(".ant-cascader-menu-item").first().click();
  await expect(page.locator(".ant-cascader-dropdown:visible")).toHaveCount(0);
}

for (const language of Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]) {
  test(`after creating a warehouse, refine's toast reads "${LANGUAGES[language].title} / ${LANGUAGES[language].body}" in ${language}`, async ({
    page,
  }) => {
    const expected = LANGUAGES[language];
    await signIn(page, "admin", "/store/create", language);
    await fillWarehouse(page, language, `N${language.toUpperCase()}${Date.now().toString(36).toUpperCase()}`);
    await visiblePage(page)
      .locator("button.ant-btn-primary")
      .filter({ has: page.locator(".anticon-save") })
      .click();

    const toast = page.locator(".ant-notification-notice").filter({ hasText: expected.body });
    await expect(toast).toBeVisible();
    await expect(toast.locator(".ant-notification-notice-message")).toHaveText(expected.title);
    await expect(toast.locator(".ant-notification-notice-description")).toHaveText(expected.body);
    await expect(page).toHaveURL(/\/store(\?|$)/);

    // No toast on the page shows a message key, an English default or the route name.
    for (const text of await page.locator(".ant-notification-notice").allInnerTexts()) {
      expect(text).not.toMatch(/notifications\.|[a-z]+\.[a-z]+[A-Za-z]*|Successfully|\bstore\b/);
    }
  });
}
