// issue 2: an analyst adds an area with a list/create/edit screen of five fields to the manifest;
// after `npm run generate` the console shows its menu and working screens, with no hand-written code.
import { expect, test } from "@playwright/test";
import { ANALYST_AREA } from "../../generator/analyst-area";
import { menuItem, signIn } from "../shell/helpers";
import { startAnalystProject, type AnalystProject } from "./analyst-project";

const PORT = 4174;
let project: AnalystProject;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  project = await startAnalystProject(PORT);
});
test.afterAll(async () => project?.stop());

test("the new area appears in the sidebar and its list, create and edit screens work", async ({ page }) => {
  await signIn(page, "admin", "/dashboard", "en");
  await menuItem(page, ANALYST_AREA.areaTitle.en).click();
  await menuItem(page, ANALYST_AREA.title.en).click();
  await expect(page).toHaveURL(new RegExp(`${ANALYST_AREA.path}$`));
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows.first()).toBeVisible();

  await page.getByRole("button", { name: "Add" }).first().click();
  await expect(page).toHaveURL(new RegExp(`${ANALYST_AREA.path}/create$`));
  await page.getByLabel("Sample code").fill("LAB-E2E-001");
  await page.getByLabel("Weight (g)").fill("250.5");
  await page.getByLabel("Sampled on").click();
  await page.getByLabel("Sampled on").fill("2026-11-20");
  await page.getByLabel("Sampled on").press("Enter");
  await page.getByLabel("Passed").click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`${ANALYST_AREA.path}$`));

  await page.getByLabel("Sample code").first().fill("LAB-E2E-001");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("250.5");

  // the §5 input rule comes from the manifest's x-input-rule
  await rows.first().getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Sample code").fill("LAB 中文");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Special characters such as %!=/:;“’ and Chinese characters are not allowed")).toBeVisible();
  await page.getByLabel("Sample code").fill("LAB-E2E-002");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`${ANALYST_AREA.path}$`));
});
