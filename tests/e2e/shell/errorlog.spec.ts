import { expect, test } from "@playwright/test";
import { open, signIn } from "./helpers";

test.describe("error log", () => {
  test("spec §8: an uncaught error is logged; the button appears and opens the dialog", async ({ page }) => {
    await signIn(page, "admin", "/store");
    const button = page.getByRole("button", { name: "Error log" });
    await expect(button).toHaveCount(0);
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error("boom from the test");
      }, 0),
    );
    await page.evaluate(() => {
      void Promise.reject(new Error("rejected in the test"));
    });
    await expect(button).toBeVisible();
    await button.click();
    const dialog = page.locator(".ant-modal-content");
    await expect(dialog.getByText("Error log")).toBeVisible();
    await expect(dialog.locator(".error-log-message").filter({ hasText: "boom from the test" })).toBeVisible();
    await expect(dialog.locator(".error-log-message").filter({ hasText: "rejected in the test" })).toBeVisible();
    await expect(dialog.getByText("unhandled promise rejection")).toBeVisible();
    await expect(dialog.getByText(/\/store/).first()).toBeVisible();
    for (const column of ["Message", "Stack"])
      await expect(dialog.getByRole("columnheader", { name: column })).toBeVisible();
    await dialog.getByRole("button", { name: "Clear all" }).click();
    await expect(button).toHaveCount(0);
  });

  test("spec §8: a broken screen is held by its error boundary; the console stays", async ({ page }) => {
    await signIn(page, "admin", "/dashboard");
    // Every screen chunk not loaded yet now fails to load: the dealer screen cannot render.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await open(page, "/dealer");
    await expect(page.locator('.app-page[data-page="/dealer"] .ant-result-error')).toBeVisible();
    await expect(page.locator(".navbar")).toBeVisible();
    await expect(page.locator(".sidebar-container")).toBeVisible();
    await page.unroute(/\/assets\/.*\.js$/);
    await page.getByRole("button", { name: "Error log" }).click();
    await expect(page.locator(".ant-modal-content").getByText("render error").first()).toBeVisible();
    await page.locator(".ant-modal-close").click();
    await expect(page.locator(".ant-modal-content")).toBeHidden();
    await page.locator('.tags-view-item[data-path="/dashboard"]').click();
    await expect(page.locator('.app-page[data-page="/dashboard"] .dashboard')).toBeVisible();
  });
});
