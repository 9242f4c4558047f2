// The settings panel opens from a gear in the navbar: nothing of the page lies under it, on a laptop
// or on a phone, and the open sidebar's overlay covers it like the rest of the page.
import { expect, test, type Page } from "@playwright/test";
import { open, signIn } from "./helpers";

const settingsButton = (page: Page) => page.getByRole("button", { name: "Settings" });

/** Elements of the shell and the page whose box meets the settings button's, named for the failure. */
async function underSettings(page: Page): Promise<string[]> {
  const gear = await settingsButton(page).boundingBox();
  expect(gear, "the settings button shows").not.toBeNull();
  return page.evaluate((box) => {
    const button = document.querySelector<HTMLElement>('button[aria-label="Settings"]')!;
    const meets = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left < box.x + box.width &&
      r.right > box.x &&
      r.top < box.y + box.height &&
      r.bottom > box.y;
    const candidates = [
      ...document.querySelectorAll<HTMLElement>(
        ".app-page:not([hidden]) *, .tags-view-container *, .app-breadcrumb, .navbar button, .navbar .ant-dropdown-trigger",
      ),
    ];
    return candidates
      .filter((el) => el !== button && !button.contains(el) && !el.contains(button))
      .filter((el) => el.checkVisibility() && meets(el.getBoundingClientRect()))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? "").slice(0, 30)}"`);
  }, gear!);
}

// The dashboard's cards, a list's table header and a form's inputs.
const PAGES = ["/dashboard", "/store", "/store/create"];

for (const [device, size] of [
  ["laptop", { width: 1440, height: 900 }],
  ["phone", { width: 375, height: 812 }],
] as const) {
  test(`the settings button covers nothing (${device}, ${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, "admin", "/dashboard");
    for (const path of PAGES) {
      await open(page, path);
      await expect(page.locator(`.app-page[data-page="${path}"] :is(.ant-card, th, input)`).first()).toBeVisible();
      expect(await underSettings(page), `under the settings button on ${path}`).toEqual([]);
    }
    await settingsButton(page).click();
    await expect(page.locator(".ant-drawer-content")).toBeVisible();
  });
}

test("on a phone the open sidebar's overlay covers the settings button", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, "admin", "/store");
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  await expect(page.locator(".drawer-bg")).toBeVisible();
  const gear = (await settingsButton(page).boundingBox())!;
  const top = await page.evaluate(
    ({ x, y }) =>
      document.elementFromPoint(x, y)?.closest("button[aria-label='Settings'], .drawer-bg, aside")?.className,
    { x: gear.x + gear.width / 2, y: gear.y + gear.height / 2 },
  );
  expect(top).toBe("drawer-bg");
});
