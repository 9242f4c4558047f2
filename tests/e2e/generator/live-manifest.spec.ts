// An analyst saves a new resource and its menu entry while the console is open,
// signed in, with two tabs (one a half-filled form). The menu appears without a reload or a sign-in,
// the tabs and the typed input stay, and the new screen works against the server's new contract.
import { expect, test } from "@playwright/test";
import { ANALYST_AREA, addAnalystArea } from "../../generator/analyst-area";
import { authenticate, menuItem, tag, visiblePage } from "../shell/helpers";
import { startDevProject, type DevProject } from "./dev-project";

const API_PORT = 4178;
const DEV_PORT = 4179;
let project: DevProject;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://127.0.0.1:${DEV_PORT}` });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  project = await startDevProject(API_PORT, DEV_PORT);
});
test.afterEach(async ({ page }, info) => {
  if (info.status === info.expectedStatus) return;
  // What the dev servers printed and what Vite's error overlay says tell why a failed run failed (a
  // reload, a regeneration, a 502, a module that did not compile). Printed whole: the reporter
  // shows only the first lines of an attachment, and CI keeps only what was printed.
  const overlay = await page
    .locator("vite-error-overlay")
    .evaluateAll((overlays) => overlays.map((element) => element.shadowRoot?.textContent ?? "").join("\n"))
    .catch((error: unknown) => `(overlay not read: ${String(error)})`);
  const terminal = project?.terminal() ?? "";
  await info.attach("npm run dev", { body: terminal });
  console.error(`--- Vite error overlay ---\n${overlay || "(none)"}\n--- npm run dev printed ---\n${terminal}`);
});
test.afterAll(() => project?.stop());

test("a saved manifest reaches the open console: new menu, same session, tabs and unsaved input kept", async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A dev server transforms the console's modules on first request: the first load is slow.
  await authenticate(page, "admin", "en");
  await page.goto("/store");
  await expect(page.locator(".navbar")).toBeVisible({ timeout: 180_000 });
  await expect(visiblePage(page).locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible({ timeout: 60_000 });
  await page.goto("/store/create"); // a second tab, and a full load before the mark below
  const warehouseName = page
    .locator('.app-page[data-page="/store/create"]')
    .getByRole("textbox", { name: "Warehouse name" });
  await warehouseName.fill("保存前输入的仓库");
  await expect(tag(page, "/store")).toHaveCount(1);
  // A full reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const reloads: string[] = [];
  page.on("framenavigated", (frame) => frame === page.mainFrame() && reloads.push(frame.url()));

  addAnalystArea(project.root);

  await expect(menuItem(page, ANALYST_AREA.areaTitle.en)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(reloads).toEqual([]);
  await expect(page).toHaveURL(/\/store\/create$/);
  await expect(warehouseName).toHaveValue("保存前输入的仓库");
  await expect(tag(page, "/store")).toHaveCount(1);
  await expect(tag(page, "/store/create")).toHaveCount(1);

  await menuItem(page, ANALYST_AREA.areaTitle.en).click();
  await menuItem(page, ANALYST_AREA.title.en).click();
  await expect(page).toHaveURL(new RegExp(`${ANALYST_AREA.path}(\\?.*)?$`));
  await expect(visiblePage(page).locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
  await expect(tag(page, "/store/create")).toHaveCount(1);
});
