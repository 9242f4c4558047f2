// One name per page: a create, edit or detail page goes by what it shows on its card, its tab, the
// breadcrumb's last level and the document title, after a reload too; the dialog that asks before
// unsaved input is lost names pages the same way, not by their paths.
import { expect, test, type Page } from "@playwright/test";
import { ok, tokenOf } from "../org/org-helpers";
import { open, signIn, tag } from "./helpers";

/** The page's name on its card, its tab and the breadcrumb's last level. */
const namesOf = async (page: Page, path: string) => ({
  card: await page.locator(`.app-page[data-page="${path}"] .ant-card-head-title`).first().innerText(),
  tab: await tag(page, path).innerText(),
  breadcrumb: await page.locator(".app-breadcrumb li").last().innerText(),
});

async function expectNamed(page: Page, path: string, name: string): Promise<void> {
  await expect.poll(() => namesOf(page, path)).toEqual({ card: name, tab: name, breadcrumb: name });
  await expect(page).toHaveTitle(`${name} - 4.1.0追溯系统`);
}

test("the product edit page has one name on its card, tab and breadcrumb, before and after a reload", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const { list } = await ok<{ list: { id: number; product_name: string }[] }>(
    request,
    admin,
    "/api/base/products/pagelist?page=1&size=1",
  );
  const { id, product_name: product } = list[0];
  const edit = `/productaddedit/edit/${id}`;
  const name = `编辑产品 · ${product}`;
  await signIn(page, "admin", "/productlist", "zh");
  await open(page, edit);
  await expectNamed(page, edit, name);
  // The breadcrumb leads through the list the page belongs to, not the hidden 产品新增编辑.
  await expect(page.locator(".app-breadcrumb")).not.toContainText("产品新增编辑");
  await expect(page.locator(".app-breadcrumb a").filter({ hasText: "产品列表" })).toHaveAttribute(
    "href",
    "/productlist",
  );

  await page.reload();
  await expectNamed(page, edit, name);

  // A tab whose page is not opened again after a reload keeps its name too.
  await open(page, "/store");
  await page.reload();
  await expect(tag(page, "/store")).toBeVisible();
  await expect(tag(page, edit)).toHaveText(name);
  await tag(page, edit).click();
  await expectNamed(page, edit, name);

  // The name follows the language.
  await page.context().addCookies([{ name: "language", value: "en", domain: "127.0.0.1", path: "/" }]);
  await page.reload();
  await expectNamed(page, edit, `Products · Edit · ${product}`);
});

test("a create page has one name too, and the close-unsaved dialog uses it", async ({ page }) => {
  await signIn(page, "admin", "/store", "zh");
  await open(page, "/store/create");
  await expectNamed(page, "/store/create", "新增仓库");
  await page.locator('.app-page[data-page="/store/create"] input').first().fill("未保存");
  await tag(page, "/store/create").locator(".tags-view-close").click();
  const question = page.locator(".ant-modal-confirm");
  await expect(question).toContainText("新增仓库");
  await expect(question).not.toContainText("/store/create");
  await question.getByRole("button", { name: "继续编辑" }).click();
  await expect(tag(page, "/store/create")).toHaveCount(1);
});
