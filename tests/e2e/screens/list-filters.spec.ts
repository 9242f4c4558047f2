// Generated list screens: filters live in the URL (refine's syncWithLocation), so a reload or a
// shared link restores them. A reference filter restored from the URL must show the record's
// name, not its id (the URL holds ids as text; the options call answers numbers).
import { expect, test } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { api, tokenOf } from "../org/org-helpers";

test("list filters: a reference filter restored from the URL shows the referred record's name (账号管理 by department)", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const accounts = (await api(request, admin, "/api/org/employees/pagelist?page=1&size=1")).data as {
    list: { depart_id: number }[];
  };
  const { depart_id: departId } = accounts.list[0]!;
  const departments = (await api(request, admin, `/api/org/enterprisedepart/options?ids=${departId}`)).data as {
    value: number;
    label: string;
  }[];
  const name = departments.find((option) => option.value === departId)!.label;
  expect(name).not.toBe(String(departId));

  await signIn(page, "admin", "/dashboard");
  await page.goto(
    `/stafflist?pageSize=10&currentPage=1&filters[0][field]=depart_id&filters[0][operator]=eq&filters[0][value]=${departId}`,
  );
  const filter = page.locator(".ant-form-item").filter({ hasText: "Department" }).first();
  await expect(filter.locator(".ant-select-selection-item")).toHaveText(name);
  // Only that department's accounts are listed.
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.locator(".ant-table-row").filter({ hasNotText: name })).toHaveCount(0);
});

test("list filters: a date range restored from the URL shows its dates in the picker and filters the list (取证记录)", async ({
  page,
}) => {
  await signIn(page, "admin", "/dashboard");
  const from = "2020-01-01T00:00:00Z";
  const to = "2020-01-31T23:59:59Z";
  await page.goto(
    `/forensics?pageSize=10&currentPage=1&filters[0][field]=collected_at&filters[0][operator]=between&filters[0][value][0]=${from}&filters[0][value][1]=${to}`,
  );
  const picker = page.locator(".ant-picker-range").first();
  await expect(picker.locator("input").first()).toHaveValue(/^2020-01-01/);
  await expect(picker.locator("input").nth(1)).toHaveValue(/^2020-01-31|^2020-02-01/);
  // The seeded evidence is recent, so this month of 2020 holds none.
  await expect(page.locator(".ant-table-placeholder")).toBeVisible();
});
