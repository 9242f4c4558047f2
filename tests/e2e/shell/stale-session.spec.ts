// A reload that finds its session already ended lands on the login form with one
// quiet line, never under the "Confirm logout" question (which belongs to a page that was working),
// and no error notification repeats it. Signing in again returns to the page.
import { expect, test } from "@playwright/test";
import { open, PASSWORD, signIn } from "./helpers";

test("a reload of /store with an ended session shows the login form with one quiet line", async ({ page }) => {
  const { token } = await signIn(page, "admin", "/store", "en");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  // The session ends on the server while the tab is away (the next day it would have expired: 50014;
  // here it is ended by a logout elsewhere: 50012 — the console treats both as an ended session).
  const ended = await page.request.post("/api/sso/loginout", { headers: { Token: token } });
  expect(ended.ok()).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fstore[^&]*&session=ended$/);
  await expect(page.locator(".login-session-ended")).toHaveText("Your session has ended. Please sign in again.");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  // No question on top of the form, and no notification saying it again.
  await page.waitForTimeout(1000);
  await expect(page.locator(".ant-modal-confirm")).toHaveCount(0);
  await expect(page.locator(".ant-message-notice, .ant-notification-notice")).toHaveCount(0);

  await page.getByLabel("Account name").fill("admin");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/store(\?|$)/);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
});

test("a session that ends under a working page still asks Confirm logout (spec §8)", async ({ page }) => {
  const { token } = await signIn(page, "admin", "/store", "en");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await page.request.post("/api/sso/loginout", { headers: { Token: token } });
  // The console makes its next call: another page's list.
  await open(page, "/dealer");
  await expect(page.locator(".ant-modal-confirm")).toContainText("Confirm logout");
});
