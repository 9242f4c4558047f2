// issue 15 item 1 (spec §2 keep-alive): a form's unsaved input survives its tab being left and shown
// again, and two edit tabs of one screen keep their own input when one is closed.
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

test("spec §2 keep-alive: typed input on /store/create is still there after visiting the dashboard tab", async ({ page }) => {
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
  await expect(tag(page, "/store/edit/3")).toHaveCount(0);
  await showAgain(page, "/store/edit/2");
  await expect(two).toHaveValue("第二个标签的输入");
});
