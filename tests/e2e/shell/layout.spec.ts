import { expect, test } from "@playwright/test";
import { open, PASSWORD, settle, signIn, tag } from "./helpers";

test.describe("layout and public routes", () => {
  test("spec §2: the page title is the route title plus the system title", async ({ page }) => {
    await signIn(page, "admin", "/store", "zh");
    await expect(page).toHaveTitle("仓库管理 - 4.1.0追溯系统");
    await open(page, "/dashboard");
    await expect(page).toHaveTitle("首页 - 4.1.0追溯系统");
  });

  test("spec §2: the breadcrumb starts at the dashboard and follows the tree", async ({ page }) => {
    await signIn(page, "admin", "/productlist", "zh");
    const crumbs = page.locator(".app-breadcrumb li");
    await expect(page.locator(".app-breadcrumb")).toContainText("首页");
    await expect(page.locator(".app-breadcrumb")).toContainText("基础信息");
    await expect(page.locator(".app-breadcrumb")).toContainText("产品信息");
    await expect(crumbs.last()).toContainText("产品列表");
    await page.locator(".app-breadcrumb a").first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("spec §2: the empty path opens the dashboard with today's figures and a chart", async ({ page }) => {
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/dashboard/today");
    const { token } = await signIn(page, "admin", "/");
    await expect(page).toHaveURL(/\/dashboard$/);
    // The figures are of the enterprise's business day: the console sends no offset of its own.
    expect(new URL((await asked).url()).searchParams.has("tz")).toBe(false);
    const today = (await (await page.request.get("/api/dashboard/today", { headers: { Token: token } })).json()) as {
      data: Record<string, number>;
    };
    for (const key of [
      "codes_generated",
      "codes_activated",
      "items_produced",
      "shipped",
      "consumer_scans",
      "open_warnings",
    ]) {
      await expect(page.locator(`[data-figure="${key}"] .ant-statistic-content`)).toContainText(
        today.data[key].toLocaleString("en-US"),
      );
    }
    for (const series of ["codes", "scans", "shipped"]) {
      await expect(page.locator(`.trend-panel[data-series="${series}"] rect`)).toHaveCount(7);
    }
  });

  test("spec §2: /profile goes to /profile/index with name and account type; the password can be changed", async ({
    page,
  }) => {
    await signIn(page, "editor", "/profile");
    await expect(page).toHaveURL(/\/profile\/index$/);
    await expect(page.getByTestId("profile-name")).toHaveText("editor");
    await expect(page.locator(".profile .ant-avatar").first()).toBeVisible();
    await expect(page.locator(".profile")).toContainText("Enterprise account");
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("222222");
    await page.getByLabel("Confirm new password").fill("222222");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Password changed")).toBeVisible();
    // Put it back for the other tests.
    await page.getByLabel("Current password").fill("222222");
    await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm new password").fill(PASSWORD);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Password changed").first()).toBeVisible();
  });

  test("spec §2: the avatar dropdown offers Profile and Log Out; Profile opens /profile/index", async ({ page }) => {
    await signIn(page, "admin", "/store");
    await page.getByTestId("avatar").click();
    const dropdown = page.locator(".ant-dropdown-menu");
    await expect(dropdown.getByRole("menuitem")).toHaveText(["Profile", "Log out"]);
    await dropdown.getByRole("menuitem", { name: "Profile", exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/index$/);
    await expect(page.getByTestId("profile-name")).toHaveText("admin");
    await expect(page).toHaveTitle("Profile - 4.1.0追溯系统");
  });

  test("spec §2: /redirect/<path> reopens the page afresh", async ({ page }) => {
    await signIn(page, "admin", "/store?currentPage=2");
    await settle(page, "/store");
    await page
      .locator('.app-page[data-page="/store"] > *')
      .first()
      .evaluate((el) => el.setAttribute("data-mark", "old"));
    await page.evaluate(() => {
      window.history.pushState({}, "", "/redirect/store?currentPage=2");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page).toHaveURL(/\/store\?currentPage=2/);
    await settle(page, "/store");
    await expect(page.locator('.app-page[data-page="/store"] [data-mark]')).toHaveCount(0);
    await expect(page.locator('.app-page[data-page="/store"] .ant-pagination-item-active')).toHaveText("2");
    await expect(tag(page, "/store")).toHaveClass(/active/);
  });

  test("spec §2: the fullscreen toggle enters and leaves full screen", async ({ page }) => {
    await signIn(page, "admin", "/dashboard");
    const fullscreen = () => page.evaluate(() => document.fullscreenElement !== null);
    expect(await fullscreen()).toBe(false);
    await page.getByRole("button", { name: "Full screen" }).click();
    await expect.poll(fullscreen).toBe(true);
    await page.getByRole("button", { name: "Full screen" }).click();
    await expect.poll(fullscreen).toBe(false);
  });

  test("spec §8: without fullscreen support the toggle says 'you browser can not work'", async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Document.prototype, "fullscreenEnabled", { get: () => false }),
    );
    await signIn(page, "admin", "/dashboard");
    await page.getByRole("button", { name: "Full screen" }).click();
    await expect(page.getByText("you browser can not work")).toBeVisible();
  });

  test("spec §2: a thin progress bar runs on navigation", async ({ page }) => {
    await signIn(page, "admin", "/dashboard");
    await page.evaluate(() => {
      const bar = document.querySelector(".progress-bar")!;
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      // each record's oldValue is the class before that change: batched records still give every state
      new MutationObserver((records) => records.forEach((r) => seen.push(r.oldValue ?? ""))).observe(bar, {
        attributes: true,
        attributeFilter: ["class"],
        attributeOldValue: true,
      });
    });
    await open(page, "/store");
    await expect(page.locator(".progress-bar")).toHaveClass(/progress-idle/);
    const states = await page.evaluate(() => [
      ...(window as unknown as { seen: string[] }).seen,
      document.querySelector(".progress-bar")!.className,
    ]);
    expect(states).toEqual([
      "progress-bar progress-idle",
      "progress-bar progress-start",
      "progress-bar progress-done",
      "progress-bar progress-idle",
    ]);
  });

  test("spec §2: /auth-redirect without an opener returns to the login", async ({ page }) => {
    await page.goto("/auth-redirect?code=x");
    await expect(page).toHaveURL(/\/login$/);
  });
});
