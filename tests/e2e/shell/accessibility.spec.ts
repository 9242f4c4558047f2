// Readable by everyone: axe-core finds no serious or critical fault (contrast, names, ARIA) on the
// screens a customer meets first, at a laptop's 1,440 px and a phone's 375 px; the consumer scan
// pages, which the public opens on a phone, at 375 px.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../a11y";
import { api, tokenOf } from "../org/org-helpers";
import { settle, signIn } from "./helpers";

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

/** A shipped item's code: it scans as genuine, and 码查询 shows its whole chain. */
async function shippedCode(page: Page): Promise<string> {
  const admin = await tokenOf(page.request, "admin");
  const shipped = (
    await api(page.request, admin, "/api/tagging/tracecodes/pagelist?page=1&size=1&status=shipped&code_type=item")
  ).data as { list: { code: string }[] };
  expect(shipped.list.length, "the seed has a shipped item").toBeGreaterThan(0);
  return shipped.list[0].code;
}

/** Checks the page as shown at each size, reloaded at that size so the layout is the one a visitor gets. */
async function checkAtSizes(
  page: Page,
  where: string,
  sizes: readonly { width: number; height: number }[],
  shown: () => Promise<void>,
): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.reload();
    await shown();
    await expectAccessible(page, `${where} at ${size.width} px`);
  }
}

test("the login page, and its errors", async ({ page }) => {
  await page.goto("/login");
  await checkAtSizes(page, "/login", [LAPTOP, PHONE], () =>
    expect(page.getByRole("button", { name: "Log in" })).toBeVisible(),
  );
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveCount(2);
  await expectAccessible(page, `/login with its errors at ${PHONE.width} px`);
});

const SCREENS = [
  { what: "the dashboard", path: "/dashboard", shown: (page: Page) => page.locator("[data-figure]").first() },
  {
    what: "a list: 生码记录",
    path: "/home/tagging/records",
    shown: (page: Page) => page.getByRole("progressbar").first(),
  },
  {
    what: "a list: 预警清单",
    path: "/queryconsumerwarning",
    shown: (page: Page) => page.locator(".ant-table-row").first(),
  },
  { what: "a create form: 新增仓库", path: "/store/create", shown: (page: Page) => page.locator("form").first() },
  { what: "a report: 汇总报表", path: "/collect", shown: (page: Page) => page.locator(".ant-table-row").first() },
] as const;

for (const screen of SCREENS) {
  test(`${screen.what} (${screen.path})`, async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, "admin", screen.path, "zh");
    await checkAtSizes(page, screen.path, [LAPTOP, PHONE], async () => {
      await settle(page, screen.path);
      await expect(screen.shown(page)).toBeVisible();
    });
  });
}

test("生码记录's progress bars are named by their column", async ({ page }) => {
  await signIn(page, "admin", "/home/tagging/records", "zh");
  await settle(page, "/home/tagging/records");
  const bars = page.getByRole("progressbar", { name: "成功数" });
  await expect(bars.first()).toBeVisible();
  expect(await bars.count()).toBe(await page.getByRole("progressbar").count());
});

test("a required select says so on its input, not on its outer box", async ({ page }) => {
  await signIn(page, "admin", "/store/create", "zh");
  await settle(page, "/store/create");
  const form = page.locator("form").first();
  await expect(form.locator(".ant-select").first()).toBeVisible();
  await expect(form.locator('.ant-select input[role="combobox"][aria-required="true"]').first()).toBeAttached();
  await expect(form.locator(".ant-select[aria-required]")).toHaveCount(0);
});

test("码查询 with a shipped code's chain", async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  const code = await shippedCode(page);
  await signIn(page, "admin", `/home/tagging/codequery?code=${code}`, "zh");
  await checkAtSizes(page, "/home/tagging/codequery", [LAPTOP, PHONE], async () => {
    await settle(page, "/home/tagging/codequery");
    await expect(page.getByTestId("code-status")).toBeVisible();
    await expect(page.getByTestId("timeline-event").first()).toBeVisible();
  });
});

test("the consumer scan pages on a phone: a genuine product, and the page to type a code", async ({ page }) => {
  const code = await shippedCode(page);
  await page.context().clearCookies();
  await page.setViewportSize(PHONE);
  await page.goto(`/m/q/${code}`);
  await expect(page.locator("[data-verdict]")).toHaveAttribute("data-verdict", /genuine|repeated/);
  await expect(page.getByTestId("scan-product")).toBeVisible();
  await expectAccessible(page, `/m/q/${code} at ${PHONE.width} px`);

  await page.goto("/c");
  await expect(page.getByRole("button", { name: "Verify" })).toBeVisible();
  await expectAccessible(page, `/c at ${PHONE.width} px`);
});
