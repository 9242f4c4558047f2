// A number outside the field's minimum/maximum, or a fraction in an integer field,
// is kept as typed and the form says why, instead of being changed silently (150 clamped to 100).
import { expect, test } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";

test("a generated form keeps an out-of-range number as typed and names the limit (products.shelf_life_days: 1–3650, integer)", async ({
  page,
}) => {
  await signIn(page, "admin", "/productaddedit/create");
  const view = visiblePage(page);
  const shelfLife = view.getByRole("spinbutton", { name: "Shelf life (days)" });
  const item = view
    .locator(".ant-form-item")
    .filter({ has: page.getByRole("spinbutton", { name: "Shelf life (days)" }) });

  await shelfLife.fill("5000");
  await shelfLife.press("Tab");
  await expect(shelfLife).toHaveValue("5000");
  await expect(item.locator(".ant-form-item-explain-error")).toHaveText("Shelf life (days) must be at most 3650");

  await shelfLife.fill("1.5");
  await shelfLife.press("Tab");
  await expect(shelfLife).toHaveValue("1.5");
  await expect(item.locator(".ant-form-item-explain-error")).toHaveText("Shelf life (days) must be a whole number");

  await shelfLife.fill("365");
  await shelfLife.press("Tab");
  await expect(shelfLife).toHaveValue("365");
  await expect(item.locator(".ant-form-item-explain-error")).toHaveCount(0);
});
