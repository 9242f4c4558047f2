// spec §2 keep-alive: a form's unsaved input survives its tab being left and shown
// again, two edit tabs of one screen keep their own input when one is closed, and closing a dirty
// form's tab or signing out asks first.
import { expect, test, type Page } from "@playwright/test";
import { open, signIn, tag } from "./helpers";

const form = (page: Page, path: string) => page.locator(`.app-page[data-page="${path}"]`);
const warehouseName = (page: Page, path: string) => form(page, path).getByRole("textbox", { name: "Warehouse name" });

async function showAgain(page: Page, path: string): Promise<void> {
  await tag(page, "/dashboard").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await tag(page, path).click();
  await expect(form(page, path)).toBeVisible();
}

test("spec §2 keep-alive: typed input on /store/create is still there after visiting the dashboard tab", async ({
  page,
}) => {
  await signIn(page, "admin", "/store/create");
  await warehouseName(page, "/store/create").fill("半填仓库");
  await showAgain(page, "/store/create");
  await expect(warehouseName(page, "/store/create")).toHaveValue("半填仓库");
});

test("spec §2 keep-alive: edits on /store/edit/3 survive the tab being left; closing edit/3 leaves edit/2's input alone", async ({
  page,
}) => {
  await signIn(page, "admin", "/store/edit/3");
  const three = warehouseName(page, "/store/edit/3");
  await expect(three).not.toHaveValue("");
  const saved = await three.inputValue();
  await three.fill(`${saved}-改`);
  await showAgain(page, "/store/edit/3");
  await expect(three).toHaveValue(`${saved}-改`);

  await open(page, "/store/edit/2");
  const two = warehouseName(page, "/store/edit/2");
  await expect(two).not.toHaveValue("");
  await two.fill("第二个标签的输入");
  await tag(page, "/store/edit/3").locator(".tags-view-close").click();
  await page.getByRole("button", { name: "Discard" }).click(); // edit/3 held unsaved input
  await expect(tag(page, "/store/edit/3")).toHaveCount(0);
  await showAgain(page, "/store/edit/2");
  await expect(two).toHaveValue("第二个标签的输入");
});

test("closing a dirty form's tab, or signing out, asks first; keeping the input cancels", async ({ page }) => {
  await signIn(page, "admin", "/store/create");
  await warehouseName(page, "/store/create").fill("未保存");
  await tag(page, "/store/create").locator(".tags-view-close").click();
  const question = page.locator(".ant-modal-confirm").filter({ hasText: "Discard unsaved changes?" });
  // The dialog names the page as its tab does.
  await expect(question).toContainText("Warehouses · New");
  await question.getByRole("button", { name: "Keep editing" }).click();
  await expect(tag(page, "/store/create")).toHaveCount(1);
  await expect(warehouseName(page, "/store/create")).toHaveValue("未保存");

  await page.getByTestId("avatar").click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/\/store\/create$/);

  // A clean form's tab closes without a question.
  await open(page, "/dealer");
  await tag(page, "/dealer").locator(".tags-view-close").click();
  await expect(tag(page, "/dealer")).toHaveCount(0);
  await expect(question).toHaveCount(0);

  await page.getByTestId("avatar").click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await question.getByRole("button", { name: "Discard" }).click();
  await expect(page).toHaveURL(/\/login/);
});
