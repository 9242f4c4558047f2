// The breadcrumb keeps the page's trail while 刷新 passes through /redirect, and the
// tab context menu closes when the strip scrolls under it.
import { expect, test } from "@playwright/test";
import { open, signIn, tag } from "./helpers";

test("刷新 keeps the page's breadcrumb while it passes through /redirect", async ({ page }) => {
  await signIn(page, "admin", "/store", "en");
  const crumbs = page.locator(".app-breadcrumb li:not(.ant-breadcrumb-separator)");
  await expect(crumbs.last()).toHaveText("Warehouses");
  const trail = await crumbs.allTextContents();
  // Record every trail the breadcrumb shows from the click until the page is back.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { trails: string[] }).trails = seen;
    new MutationObserver(() => {
      const text = [...document.querySelectorAll(".app-breadcrumb li:not(.ant-breadcrumb-separator)")]
        .map((li) => li.textContent)
        .join(" / ");
      seen.push(text);
    }).observe(document.querySelector(".app-breadcrumb")!.parentElement!, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await tag(page, "/store").click({ button: "right" });
  await page.locator(".tags-contextmenu").getByRole("menuitem", { name: "Refresh" }).click();
  await expect(page.locator('.app-page[data-page="/store"] .ant-table').first()).toBeVisible();
  const trails = await page.evaluate(() => (window as unknown as { trails: string[] }).trails);
  expect(trails.filter((shown) => shown !== trail.join(" / "))).toEqual([]);
  await expect(crumbs.last()).toHaveText("Warehouses");
});

test("the tab context menu closes when the tab strip scrolls under it", async ({ page }) => {
  await signIn(page, "admin", "/store", "en");
  for (const path of ["/dealer", "/material", "/productunit"]) await open(page, path);
  await tag(page, "/store").click({ button: "right" });
  const menu = page.locator(".tags-contextmenu");
  await expect(menu).toBeVisible();
  await page.locator(".tags-view-wrapper, .tags-view-container").first().hover();
  await page.mouse.wheel(0, 240);
  await expect(menu).toHaveCount(0);
});
