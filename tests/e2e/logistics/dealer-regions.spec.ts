// 经销商授权区域 in the console: a dealer is granted a city picked in the region
// picker, which stops at the city level (manifest regionLevel: city) and lets a province be chosen;
// its province, around a city the dealer already holds, is refused with the reason on the form.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { choose, formControl, ok, tokenOf } from "../org/org-helpers";
import { signIn, visiblePage } from "../shell/helpers";

const saveIn = (page: Page) =>
  visiblePage(page)
    .locator(".ant-card")
    .filter({ has: page.getByRole("button", { name: "Save" }) });

/** Picks a path in an antd Cascader, column by column. */
async function pickRegion(page: Page, form: Locator, names: readonly string[]): Promise<void> {
  await form.locator(".ant-form-item").filter({ hasText: "Authorised region" }).locator(".ant-cascader").click();
  for (const name of names)
    await page
      .locator(".ant-cascader-dropdown:visible .ant-cascader-menu-item")
      .filter({ hasText: name })
      .first()
      .click();
}

test("a dealer is granted a city from a picker that stops at cities; its province is then refused, naming the city", async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, "admin");
  const [dealer] = (
    await ok<{ list: { id: number; dealer_name: string }[] }>(
      request,
      token,
      "/api/base/dealers/pagelist?page=1&size=1&sort=-id",
    )
  ).list;
  const grants = async () =>
    (
      await ok<{ list: { region_code: string }[] }>(
        request,
        token,
        `/api/base/dealerregions/pagelist?page=1&size=50&dealer_id=${dealer.id}`,
      )
    ).list.map((row) => row.region_code);
  const before = await grants();

  await signIn(page, "admin", "/dealerregion/create");
  let form = saveIn(page);
  await choose(formControl(form, "Dealer"), dealer.dealer_name);
  await pickRegion(page, form, ["江苏省", "南京市"]);
  // A city is a leaf: no district column opens under it.
  await expect(page.locator(".ant-cascader-dropdown:visible .ant-cascader-menu")).toHaveCount(0);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dealerregion(\?|$)/);
  await expect.poll(grants).toEqual(expect.arrayContaining([...before, "320100"]));

  await page.goto("/dealerregion/create");
  form = saveIn(page);
  await choose(formControl(form, "Dealer"), dealer.dealer_name);
  // A province on its own: chosen, then the picker closed.
  await pickRegion(page, form, ["江苏省"]);
  await page.keyboard.press("Escape");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(visiblePage(page)).toContainText("南京市 (320100)");
  await expect.poll(grants).not.toContain("320000");
});
