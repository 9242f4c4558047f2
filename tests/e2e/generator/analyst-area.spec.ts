// An analyst adds an area with a list/create/edit screen of five fields to the manifest;
// after `npm run generate` the console shows its menu and working screens, with no hand-written code.
import { expect, test } from "@playwright/test";
import { ANALYST_AREA } from "../../generator/analyst-area";
import { menuItem, signIn, visiblePage } from "../shell/helpers";
import { startAnalystProject, type AnalystProject } from "./analyst-project";

const PORT = 4174;
let project: AnalystProject;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  project = await startAnalystProject(PORT);
});
test.afterAll(() => project?.stop());

// The list's address, with or without the paging and sorting it keeps in its query (refine's syncWithLocation).
const LIST_URL = new RegExp(`${ANALYST_AREA.path}(\\?.*)?$`);

test("the new area appears in the sidebar and its list, create and edit screens work", async ({ page }) => {
  await signIn(page, "admin", "/dashboard", "en");
  await menuItem(page, "Traceability").click(); // spec §1: the root menu 产品追溯系统, by its short title
  await menuItem(page, ANALYST_AREA.areaTitle.en).click();
  await menuItem(page, ANALYST_AREA.title.en).click();
  await expect(page).toHaveURL(LIST_URL);
  await expect(visiblePage(page).locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();

  const view = visiblePage(page); // kept-alive pages stay in the DOM, hidden
  const field = (label: string) => view.getByRole("textbox", { name: label });
  await view.getByRole("button", { name: "Add" }).click();
  await expect(page).toHaveURL(new RegExp(`${ANALYST_AREA.path}/create$`));
  // The create page is its own kept page: wait until it is the one shown, so the fields below are
  // its fields and not the hidden list's filters of the same names.
  await expect(page.locator(`.app-page[data-page="${ANALYST_AREA.path}/create"] form`)).toBeVisible();
  await page.waitForLoadState("networkidle");
  await field("Sample code").fill("LAB-E2E-001");
  await view.getByRole("spinbutton", { name: "Weight (g)" }).fill("250.5");
  await field("Sampled on").click();
  await field("Sampled on").fill("2026-11-20");
  await field("Sampled on").press("Enter");
  await view.getByRole("switch", { name: "Passed" }).click();
  await view.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(LIST_URL);

  // newest first (the list's default sort is -id)
  await expect(view.locator(".ant-table-tbody tr.ant-table-row").first()).toContainText("LAB-E2E-001");
  await expect(view.locator(".ant-table-tbody tr.ant-table-row").first()).toContainText("250.5");

  // the spec §5 input rule comes from the manifest's x-input-rule
  await view.locator(".ant-table-tbody tr.ant-table-row").first().getByRole("button", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`${ANALYST_AREA.path}/edit/\\d+$`));
  await expect(page.locator(`.app-page[data-page^="${ANALYST_AREA.path}/edit/"] form`)).toBeVisible();
  await expect(field("Sample code")).toHaveValue("LAB-E2E-001");
  await field("Sample code").fill("LAB 中文");
  await view.getByRole("button", { name: "Save" }).click();
  await expect(
    view.getByText("Special characters such as %!=/:;“’ and Chinese characters are not allowed"),
  ).toBeVisible();
  await field("Sample code").fill("LAB-E2E-002");
  await view.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(LIST_URL);
});
