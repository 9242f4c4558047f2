// Shared steps of the shell's browser tests: sign in through the API and put the session cookies
// where the console keeps them (spec §4), pick the language, find shell parts.
import { expect, type BrowserContext, type Page } from "@playwright/test";

// The seeded demo accounts' password (not the initial one, which the console makes an account replace first).
import { DEMO_PASSWORD } from "../../../mock-server/options";

export const PASSWORD = DEMO_PASSWORD;
export const ACCOUNT_TYPE = "enterprise";

export interface Session {
  readonly token: string;
  readonly account: string;
}

export async function apiLogin(page: Page, account = "admin", password = PASSWORD): Promise<string> {
  const response = await page.request.post("/api/sso/login", {
    data: { account_name: account, account_password: password, account_type: ACCOUNT_TYPE, permissions: 1 },
  });
  const body = (await response.json()) as { status_code: number; data: string; message: string };
  expect(body.status_code, body.message).toBe(200);
  return body.data;
}

export async function setCookies(context: BrowserContext, cookies: Record<string, string>): Promise<void> {
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({ name, value, domain: "127.0.0.1", path: "/" })),
  );
}

/** Logs `account` in through the API and leaves the session cookies as the login page would. */
export async function authenticate(
  page: Page,
  account = "admin",
  language = "en",
  password = PASSWORD,
): Promise<Session> {
  const token = await apiLogin(page, account, password);
  await setCookies(page.context(), {
    "Admin-Token": token,
    "Admin-Name": account,
    "Admin-Account-Type": ACCOUNT_TYPE,
    language,
  });
  return { token, account };
}

/** Signs in as `account` (admin or editor) and opens `path`, with the interface in `language`. */
/**
 * E2E_CPU_THROTTLE=N runs the signed-in console's page N times slower (Chromium's CPU throttling):
 * a spec that passes here but fails on CI's slower host fails here too (4 to 10 found the races
 * fixed after stop 50). Unset, nothing changes.
 */
async function throttleCpu(page: Page): Promise<void> {
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? 1);
  if (rate <= 1) return;
  await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate });
}

export async function signIn(
  page: Page,
  account = "admin",
  path = "/dashboard",
  language = "en",
  password = PASSWORD,
): Promise<Session> {
  const session = await authenticate(page, account, language, password);
  await throttleCpu(page);
  await page.goto(path);
  // On failure, say where the console went instead (a login form, a password change, an error).
  await expect(
    page.locator(".navbar"),
    `signed in as ${account} at ${path}, the console shows ${await whereNow(page)}`,
  ).toBeVisible();
  return session;
}

/** The address and the first words on screen, for a failure to say what the page showed. */
async function whereNow(page: Page): Promise<string> {
  const text = await page
    .locator("body")
    .innerText({ timeout: 1_000 })
    .catch(() => "");
  return `${page.url()}: ${text.replace(/\s+/g, " ").slice(0, 200)}`;
}

export async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

export const sidebar = (page: Page) => page.locator(".sidebar-container");
export const tags = (page: Page) => page.locator(".tags-view-item");
export const tag = (page: Page, path: string) => page.locator(`.tags-view-item[data-path="${path}"]`);
export const activeTag = (page: Page) => page.locator(".tags-view-item.active");
export const visiblePage = (page: Page) => page.locator(".app-page:visible");

/** A menu item of the sidebar by its visible text. */
export const menuItem = (page: Page, text: string) =>
  sidebar(page).locator(".ant-menu-item, .ant-menu-submenu-title").filter({ hasText: text });

/** Opens a page through the address bar, as a user following a link would. */
export async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}`));
  await settle(page, path.split("?")[0]);
}

/**
 * Waits until the page under `pathname` shows and has loaded; fails when it never appears, or
 * never stops loading, within the expect timeout. A list then writes its paging and sort into the
 * URL (refine's syncWithLocation, a replace): a click made before that write loses to it.
 */
export async function settle(page: Page, pathname: string): Promise<void> {
  const container = page.locator(`.app-page[data-page="${pathname}"]`);
  await expect(container, `the page ${pathname} shows`).toBeVisible();
  await expect(container.locator(".ant-table-wrapper .ant-spin-spinning, .ant-skeleton-active")).toHaveCount(0);
  if ((await container.locator(".ant-table-wrapper").count()) > 0)
    await expect(page, `the list at ${pathname} writes its state into the URL`).toHaveURL(/\?./);
}

/**
 * Starts watching for an element matching `selector` whose text contains `text`; the returned
 * function waits until it has come and gone and gives how long it stayed, measured in the page
 * (spec §9: error messages stay 5 s), so the test's own polling does not blur the figure.
 */
export async function watchShown(page: Page, selector: string, text: string): Promise<() => Promise<number>> {
  await page.evaluate(
    ([sel, txt]) => {
      const shown = { start: 0, end: 0 };
      (window as unknown as { shownWatch: typeof shown }).shownWatch = shown;
      const present = () => [...document.querySelectorAll(sel)].some((el) => el.textContent?.includes(txt));
      new MutationObserver(() => {
        const now = performance.now();
        const on = present();
        if (on && !shown.start) shown.start = now;
        if (!on && shown.start && !shown.end) shown.end = now;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    [selector, text] as const,
  );
  return async () => {
    const read = () => page.evaluate(() => (window as unknown as { shownWatch: { end: number } }).shownWatch.end);
    await expect.poll(read, { timeout: 15_000 }).toBeGreaterThan(0);
    return page.evaluate(() => {
      const { start, end } = (window as unknown as { shownWatch: { start: number; end: number } }).shownWatch;
      return end - start;
    });
  };
}
