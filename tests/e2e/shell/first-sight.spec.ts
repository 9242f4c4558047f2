// "Visible at first sight": a loading state before the console paints, enum tags
// coloured by meaning from the manifest, and sidebar titles readable whole on hover in English.
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";
import { ok, tokenOf } from "../org/org-helpers";

test("index.html shows a loading state until the console paints over it", async ({ page }) => {
  // Hold the console's scripts back, as a slow first load would.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/login", { waitUntil: "commit" });
  const loading = page.getByRole("status").filter({ hasText: "Loading" });
  await expect(loading).toBeVisible();
  release();
  await expect(page.getByRole("button", { name: /log in|登录/i })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test("enum tags carry the manifest's colours: enabled green, disabled grey", async ({ page }) => {
  await signIn(page, "admin", "/productsort", "en");
  const rows = page.locator(".ant-table-tbody");
  await expect(rows.locator(".ant-tag").first()).toBeVisible();
  const enabled = rows.locator(".ant-tag", { hasText: /^Enabled$/ });
  const disabled = rows.locator(".ant-tag", { hasText: /^Disabled$/ });
  expect((await enabled.count()) + (await disabled.count())).toBeGreaterThan(0);
  for (const tag of await enabled.all()) await expect(tag).toHaveClass(/ant-tag-success/);
  for (const tag of await disabled.all()) await expect(tag).toHaveClass(/ant-tag-default/);
  // What the colour looks like, not just its class: green text for enabled (antd's success green
  // darkened to read on its pale green at 4.5:1, #388512), grey for disabled.
  if (await enabled.count())
    expect(await enabled.first().evaluate((el) => getComputedStyle(el).color)).toBe("rgb(56, 133, 18)");
});

test("seeded images load from the server itself", async ({ page }) => {
  await signIn(page, "admin", "/dashboard", "en");
  const { list } = await ok<{ list: { id: number; logo: string | null }[] }>(
    page.request,
    await tokenOf(page.request, "admin"),
    "/api/base/brands/pagelist?page=1&size=20",
  );
  const brand = list.find((row) => row.logo);
  expect(brand?.logo).toMatch(/\/api\/public\/seed-image\?n=\d+$/);
  await page.goto(`/productsort/show/${brand!.id}`);
  const logo = page.locator(`img[src="${brand!.logo}"]`).first();
  await expect(logo).toBeVisible();
  // It has loaded: a broken image has no natural width.
  await expect
    .poll(() =>
      logo.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
    )
    .toBe(true);
});
