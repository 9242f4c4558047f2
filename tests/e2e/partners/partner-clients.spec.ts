// 合作方客户端: an administrator makes a partner client, issues its API key and sees the key once,
// in a dialog that says so; the key then admits the client to the EPCIS interface, the list shows
// only the key's first characters, and nothing on the page shows the key again.
import { expect, test, type Page } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { choose, formControl, stamp } from "../org/org-helpers";

const rowOf = (page: Page, name: string) =>
  visiblePage(page).locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: name });

test("partner clients: a new client's key is shown once and then admits it to /epcis", async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `erp-${stamp()}`;
  await signIn(page, "admin", "/partnerclients");
  await visiblePage(page).getByRole("button", { name: "Add" }).click();
  await expect(page).toHaveURL(/\/partnerclients\/create$/);
  const form = visiblePage(page)
    .locator(".ant-card")
    .filter({ has: page.getByRole("button", { name: "Save" }) });
  await formControl(form, "Client name").fill(name);
  await choose(formControl(form, "Partner kind"), "Auditor");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(rowOf(page, name)).toHaveCount(1);

  await rowOf(page, name).getByRole("button", { name: "Issue new key" }).click();
  await page.locator(".ant-popconfirm:visible").getByRole("button", { name: "OK" }).click();
  const dialog = page.locator(".ant-modal-confirm").filter({ hasText: "it is shown this once" });
  await expect(dialog).toBeVisible();
  const key = (await dialog.getByTestId("shown-once-secret").innerText()).trim();
  expect(key).toMatch(/^tck_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toHaveCount(0);

  // The list shows the key's start, never the key.
  await expect(rowOf(page, name)).toContainText(key.slice(0, 10));
  await page.reload();
  await expect(rowOf(page, name)).toContainText(key.slice(0, 10));
  expect(await page.content()).not.toContain(key);

  const answer = await request.get("/epcis/eventTypes", { headers: { authorization: `Bearer ${key}` } });
  expect(answer.status()).toBe(200);
  const wrong = await request.get("/epcis/eventTypes", {
    headers: { authorization: `Bearer ${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}` },
  });
  expect(wrong.status()).toBe(401);
});
