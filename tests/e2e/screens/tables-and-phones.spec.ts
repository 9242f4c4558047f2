// Tables and small screens: a list keeps each column readable and nothing under its pinned actions
// at a laptop's width, a phone's navbar holds the page's name on one line, and a report has one date
// control.
import { expect, test, type Locator } from "@playwright/test";
import { ok, tokenOf } from "../org/org-helpers";
import { open, settle, signIn } from "../shell/helpers";

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  expect(box, "shown").not.toBeNull();
  return box!;
};

test("the dealer list at 1,400 px shows the phone column clear of the pinned actions column", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, "admin", "/dealer", "zh");
  await settle(page, "/dealer");
  const table = page.locator('.app-page[data-page="/dealer"] .ant-table');
  const header = (name: string) => table.locator("thead th").filter({ hasText: name });
  const phone = await boxOf(header("联系电话"));
  const actions = await boxOf(header("操作"));
  const content = await boxOf(table.locator(".ant-table-content"));
  expect(phone.x, "the phone column starts inside the table").toBeGreaterThanOrEqual(content.x);
  expect(phone.x + phone.width, "the phone column ends before the pinned actions").toBeLessThanOrEqual(actions.x);
  // Its cells too: a number in the first row is wholly in sight.
  const column = await header("联系电话").evaluate((th) => [...th.parentElement!.children].indexOf(th));
  const cell = table.locator("tbody tr.ant-table-row").first().locator("td").nth(column);
  await expect(cell).toHaveText(/^1\d{10}$/);
  const box = await boxOf(cell);
  expect(box.x + box.width).toBeLessThanOrEqual(actions.x);
  // A long region is cut to its column and shown whole on hover.
  const region = table.locator("tbody tr.ant-table-row").first().locator("td [title]").first();
  await expect(region).toHaveAttribute("title", /\S/);
});

test("on a phone the breadcrumb is the page's name alone, on one line", async ({ page, request }) => {
  const admin = await tokenOf(request, "admin");
  const { list } = await ok<{ list: { id: number; product_name: string }[] }>(
    request,
    admin,
    "/api/base/products/pagelist?page=1&size=1",
  );
  const { id, product_name: product } = list[0];
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, "admin", "/store", "zh");
  const crumbs = page.locator(".app-breadcrumb li");
  await expect(crumbs).toHaveCount(1);
  await expect(crumbs).toHaveText("仓库管理");
  await open(page, `/productaddedit/edit/${id}`);
  await expect(crumbs).toHaveCount(1);
  await expect(crumbs).toHaveText(`编辑产品 · ${product}`);
  const crumb = await boxOf(page.locator(".app-breadcrumb"));
  const navbar = await boxOf(page.locator(".navbar"));
  const rightMenu = await boxOf(page.locator(".navbar .right-menu"));
  expect(crumb.height, "one line").toBeLessThan(30);
  expect(crumb.y + crumb.height).toBeLessThanOrEqual(navbar.y + navbar.height);
  expect(crumb.x + crumb.width, "clear of the navbar's buttons").toBeLessThanOrEqual(rightMenu.x);
  // At a laptop's width the whole trail is back.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(crumbs.first()).toHaveText("首页");
  await expect(crumbs.last()).toHaveText(`编辑产品 · ${product}`);
});

test("日生产报表 filters its days with one date control", async ({ page }) => {
  await signIn(page, "admin", "/dateyield", "en");
  const form = page.locator('.app-page[data-page="/dateyield"] form').first();
  await expect(form.locator(".ant-picker")).toHaveCount(1);
  await expect(form.locator(".ant-picker-range")).toHaveCount(1);
  await expect(form.locator(".ant-form-item-label").filter({ hasText: /^Day$/ })).toHaveCount(0);
});
