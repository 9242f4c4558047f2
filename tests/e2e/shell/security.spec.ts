// In a browser: the console works under its Content-Security-Policy (no
// violation while signing in and opening a list), refuses to be framed by another origin, keeps
// the token cookie SameSite=Strict, and sends an account holding the initial password to set
// its own before anything else.
import { expect, test, type Page } from "@playwright/test";
import { addAccount, INITIAL_PASSWORD, loginWithForm, staffSetup, tokenOf } from "../org/org-helpers";
import { PASSWORD, visiblePage } from "./helpers";

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|frame)/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

test("the console signs in and opens a list under its CSP, with no violation", async ({ page }) => {
  const violations = watchCsp(page);
  const response = await page.goto("/login");
  const csp = response!.headers()["content-security-policy"];
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content Security Policy: ${event.violatedDirective}`),
    );
  });
  await page.reload();
  await page.getByLabel("Account name").fill("admin");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.locator(".navbar")).toBeVisible();
  await page.goto("/stafflist");
  await expect(visiblePage(page).locator(".ant-pagination")).toBeVisible({ timeout: 60_000 });
  await expect(visiblePage(page).getByText("editor", { exact: true }).first()).toBeVisible();
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "Admin-Token")!;
  expect(token.sameSite).toBe("Strict");
  expect(violations).toEqual([]);
});

test("another origin cannot frame the console", async ({ page, baseURL }) => {
  await page.route("http://framing.example/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<iframe id="console" src="${baseURL}/login" width="800" height="600"></iframe>`,
    }),
  );
  await page.goto("http://framing.example/");
  const frame = page.frameLocator("#console");
  await page.waitForTimeout(2000); // give the frame its chance to render
  await expect(frame.getByLabel("Account name")).toHaveCount(0);
});

test("an account with the initial password sets its own before anything else", async ({ page, request }) => {
  const admin = await tokenOf(request, "admin");
  const name = `sec${Date.now() % 100000}`;
  await addAccount(request, admin, await staffSetup(request, admin, name), name);
  await loginWithForm(page, name, INITIAL_PASSWORD);
  await expect(page).toHaveURL(/\/set-password/);
  await page.getByLabel("Current password", { exact: true }).fill(INITIAL_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("my-own-pass");
  await page.getByLabel("Confirm new password", { exact: true }).fill("my-own-pass");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".navbar")).toBeVisible();
  expect(new URL(page.url()).pathname).not.toBe("/set-password");
});
