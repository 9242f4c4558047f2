import { expect, test } from "@playwright/test";
import { menuTree } from "../../../src/generated/routes.gen";
import type { MenuRoute } from "../../../src/routing/route-types";
import { signIn } from "./helpers";

function findLink(node: MenuRoute, trail: MenuRoute[] = []): { node: MenuRoute; trail: MenuRoute[] } | undefined {
  if (node.link && !node.hidden) return { node, trail };
  for (const child of node.children) {
    const found = findLink(child, [...trail, node]);
    if (found) return found;
  }
  return undefined;
}

test("spec §2: a menu entry with an external link opens it in a new browser tab", async ({ page }) => {
  const found = findLink(menuTree);
  test.skip(!found, "the manifest declares no external link");
  const { node } = found!;
  await signIn(page, "admin", "/dashboard");
  const link = page.locator(`.sidebar-container a[href="${node.link}"]`);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  // Open the groups above it, then click: the console stays, a new tab opens on the link.
  await page
    .context()
    .route(node.link!, (route) => route.fulfill({ body: "<h1>external</h1>", contentType: "text/html" }));
  for (const title of await link.evaluate((a) => {
    const titles: string[] = [];
    for (let el = a.closest(".ant-menu-submenu"); el; el = el.parentElement?.closest(".ant-menu-submenu") ?? null) {
      titles.unshift(el.querySelector(":scope > .ant-menu-submenu-title")?.textContent ?? "");
    }
    return titles;
  })) {
    const submenu = page.locator(".sidebar-container .ant-menu-submenu-title").filter({ hasText: title }).first();
    if ((await submenu.getAttribute("aria-expanded")) !== "true") await submenu.click();
  }
  const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await expect(popup).toHaveURL(node.link!);
  await expect(page).toHaveURL(/\/dashboard$/);
});
