// A dealer's authorised regions, a multi-value field: three regions picked in the region tree on
// the dealer's edit form are saved together, shown as three tags in the list, and the list filters
// by any of several regions (records holding one of them).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ok, tokenOf } from "../org/org-helpers";
import { signIn, visiblePage } from "../shell/helpers";

interface Dealer {
  id: number;
  dealer_code: string;
  authorised_regions: string[];
}

const regionControl = (scope: Locator): Locator =>
  scope
    .locator(".ant-form-item")
    .filter({
      has: scope.page().locator(".ant-form-item-label label").getByText("Authorised regions", { exact: true }),
    })
    .locator(".ant-select");

/** The tags of regions (the level and status are tags too). */
const regionTags = (scope: Locator): Locator => scope.locator(".ant-tag").filter({ hasText: /[省市]/ });

/** Picks each path in the region tree: its provinces opened, its last name chosen. */
async function pickRegions(page: Page, control: Locator, paths: readonly (readonly string[])[]): Promise<void> {
  await control.click();
  const tree = page.locator(".ant-select-dropdown:visible");
  for (const path of paths) {
    for (const name of path.slice(0, -1)) {
      const node = tree
        .locator(".ant-select-tree-treenode")
        .filter({ has: page.locator(".ant-select-tree-title").getByText(name, { exact: true }) });
      if (!/treenode-switcher-open/.test((await node.getAttribute("class")) ?? ""))
        await node.locator(".ant-select-tree-switcher").click();
    }
    await tree.locator(".ant-select-tree-title").getByText(path.at(-1)!, { exact: true }).click();
  }
  await page.keyboard.press("Escape");
}

test("three regions picked for a dealer show as three tags, and the list filters by any of them", async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, "admin");
  const [dealer] = (await ok<{ list: Dealer[] }>(request, token, "/api/base/dealers/pagelist?page=1&size=1&sort=-id"))
    .list;
  await ok(request, token, "/api/base/dealers/update", { id: dealer.id, authorised_regions: [] });

  await signIn(page, "admin", `/dealer/edit/${dealer.id}`);
  const form = visiblePage(page)
    .locator(".ant-card")
    .filter({ has: page.getByRole("button", { name: "Save" }) });
  await pickRegions(page, regionControl(form), [["江苏省", "南京市"], ["浙江省", "杭州市"], ["北京市"]]);
  await expect(regionControl(form).locator(".ant-select-selection-item")).toHaveCount(3);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/dealer/show/${dealer.id}$`));
  await expect(regionTags(visiblePage(page).locator(".ant-descriptions"))).toHaveText([
    "江苏省 南京市",
    "浙江省 杭州市",
    "北京市",
  ]);
  const saved = await ok<Dealer>(request, token, `/api/base/dealers/detail?id=${dealer.id}`);
  expect(saved.authorised_regions).toEqual(["320100", "330100", "110000"]);

  await page.goto("/dealer");
  const list = visiblePage(page);
  const row = list.locator("tr.ant-table-row").filter({ hasText: dealer.dealer_code });
  await expect(regionTags(row)).toHaveText(["江苏省 南京市", "浙江省 杭州市", "北京市"]);

  // Any of: Hangzhou or Chengdu. The dealer holds Hangzhou; every row shown holds one of the two.
  const expected = await ok<{ total: number }>(
    request,
    token,
    "/api/base/dealers/pagelist?page=1&size=1&authorised_regions=330100,510100",
  );
  await pickRegions(page, regionControl(list), [
    ["浙江省", "杭州市"],
    ["四川省", "成都市"],
  ]);
  await list.getByRole("button", { name: "Search" }).click();
  await expect(list.getByText(`${expected.total} in total`)).toBeVisible();
  await expect(row).toBeVisible();
  for (const tags of await list.locator("tr.ant-table-row").all())
    await expect(tags).toContainText(/浙江省 杭州市|四川省 成都市/);
});
