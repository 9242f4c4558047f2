import { expect, test } from "@playwright/test";
import { generatedMessages as zhMessages } from "../../../src/generated/i18n/zh.gen";
import { menuTree } from "../../../src/generated/routes.gen";
import type { MenuRoute } from "../../../src/screen-kit/routing/route-types";
import { signIn } from "./helpers";

function findLink(node: MenuRoute, trail: MenuRoute[] = []): { node: MenuRoute; trail: MenuRoute[] } | undefined {
  if (node.link && !node.hidden) return { node, trail };
  for (const child of node.children) {
    const found = findLink(child, [...trail, node]);
    if (found) return found;
  }
  return undefined;
}

// The manifest's link entry (GS1追溯标准 under /home); the test fails, never skips, if it goes away.
const found = findLink(menuTree);
const zhTitle = (node: MenuRoute) => (zhMessages.menu as Record<string, string>)[node.name];

test("spec §2: a menu entry with an external link opens it in a new browser tab", async ({ page }) => {
  expect(found, "schema/manifest.yaml declares a menu entry with a link").toBeDefined();
  const { node, trail } = found!;
  await signIn(page, "admin", "/dashboard", "zh");
  // Open the groups above it (a closed submenu renders no items).
  for (const group of trail) {
    const submenu = page.locator(".sidebar-container .ant-menu-submenu-title").filter({ hasText: zhTitle(group) });
    await expect(submenu.first()).toBeVisible();
    if ((await submenu.first().getAttribute("aria-expanded")) !== "true") await submenu.first().click();
  }
  const link = page.locator(`.sidebar-container a[href="${node.link}"]`);
  await expect(link).toHaveText(zhTitle(node));
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  // Click: a new tab opens on the link, the console stays where it was and gains no tab.
  await page
    .context()
    .route(node.link!, (route) => route.fulfill({ body: "<h1>external</h1>", contentType: "text/html" }));
  const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await expect(popup).toHaveURL(node.link!);
  await expect(popup.locator("h1")).toHaveText("external");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator(".tags-view-item")).toHaveCount(1);
});

test("spec §6: the link is a menu entry like any other: an account without its role does not see it", async ({
  page,
}) => {
  const { node, trail } = found!;
  await signIn(page, "editor", "/dashboard", "zh");
  for (const group of trail) {
    const submenu = page.locator(".sidebar-container .ant-menu-submenu-title").filter({ hasText: zhTitle(group) });
    if ((await submenu.first().getAttribute("aria-expanded")) !== "true") await submenu.first().click();
  }
  // The editor's own area is there; the link, whose role it lacks, is not.
  await expect(
    page.locator(".sidebar-container .ant-menu-submenu-title").filter({ hasText: "基础信息" }),
  ).toBeVisible();
  await expect(page.locator(".sidebar-container").getByText(zhTitle(node))).toHaveCount(0);
  await expect(page.locator(`.sidebar-container a[href="${node.link}"]`)).toHaveCount(0);
});
