// 账号管理 (employees with department and position, paged and filterable; edit, disable,
// enable, delete) and 权限管理's role names under the spec §5 input rule.
import { expect, test, type Page } from "@playwright/test";
import { menuItem, signIn, visiblePage } from "../shell/helpers";
import {
  addAccount,
  api,
  canLogIn,
  choose,
  formControl,
  INITIAL_PASSWORD,
  ok,
  stamp,
  staffSetup,
  tokenOf,
  type Created,
  type ListPage,
} from "./org-helpers";

const rows = (page: Page) => visiblePage(page).locator(".ant-table-tbody tr.ant-table-row");
const rowOf = (page: Page, account: string) => rows(page).filter({ hasText: account });
const confirmPopup = (page: Page) => page.locator(".ant-popconfirm:visible").getByRole("button", { name: "OK" });

test("账号管理: filtered by department and position, paged; edit, disable, enable and delete an account", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const id = stamp();
  const admin = await tokenOf(request, "admin");
  const staff = await staffSetup(request, admin, `acc${id}`);
  const other = await ok<Created>(request, admin, "/api/org/positions/add", {
    position_code: `O-${id}`,
    position_name: `Other ${id}`,
    depart_id: staff.departmentId,
  });
  const [first, second, third] = [`first_${id}`, `second_${id}`, `third_${id}`];
  await addAccount(request, admin, staff, first);
  await addAccount(request, admin, staff, second);
  await addAccount(request, admin, { ...staff, positionId: other.id }, third);

  await signIn(page, "admin", "/stafflist");
  const list = visiblePage(page);
  await expect(list.locator(".ant-pagination")).toBeVisible();
  await choose(formControl(list, "Department"), `Dept acc${id}`);
  await list.getByRole("button", { name: "Search" }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(list.getByText("3 in total")).toBeVisible();
  await choose(formControl(list, "Position"), `Pos acc${id}`);
  await list.getByRole("button", { name: "Search" }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rowOf(page, third)).toHaveCount(0);
  await expect(rowOf(page, first)).toContainText(`Dept acc${id}`);
  await expect(rowOf(page, first)).toContainText(`Pos acc${id}`);

  await rowOf(page, first).getByRole("button", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/stafflist\/edit\/\d+$/);
  const form = visiblePage(page)
    .locator(".ant-card")
    .filter({ has: page.getByRole("button", { name: "Save" }) });
  await formControl(form, "Full name").fill(`Renamed ${id}`);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/stafflist\/show\/\d+$/);
  await expect(visiblePage(page).locator(".ant-descriptions")).toContainText(`Renamed ${id}`);
  // Back to the list through the menu: the kept list page, its filters and fresh rows.
  await menuItem(page, "Accounts").click();
  await expect(page).toHaveURL(/\/stafflist(\?|$)/);
  await expect(rowOf(page, first)).toContainText(`Renamed ${id}`);

  await rowOf(page, first).getByRole("button", { name: "Disable" }).click();
  await confirmPopup(page).click();
  await expect(rowOf(page, first)).toContainText("Disabled");
  expect(await canLogIn(request, first, INITIAL_PASSWORD)).toBe(false);
  await rowOf(page, first).getByRole("button", { name: "Enable" }).click();
  await expect(rowOf(page, first)).toContainText("Enabled");
  expect(await canLogIn(request, first, INITIAL_PASSWORD)).toBe(true);

  await rowOf(page, second).getByRole("button", { name: "Delete" }).click();
  await confirmPopup(page).click();
  await expect(rowOf(page, second)).toHaveCount(0);
  expect(await canLogIn(request, second, INITIAL_PASSWORD)).toBe(false);
});

test("spec §5 权限管理: a role name breaking the input rule is refused with the exact message", async ({
  page,
  request,
}) => {
  const name = `销售 ${stamp()}`;
  await signIn(page, "admin", "/role/rolemanage", "zh");
  await visiblePage(page).getByRole("button", { name: "新增角色" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("角色名称", { exact: true }).fill(name);
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await expect(dialog.getByText("不能输入%!=/:;“’等特殊字符与中文")).toBeVisible();
  await dialog.getByRole("button", { name: /取\s*消/ }).click();
  const roles = await api<ListPage<{ role_name: string }>>(
    request,
    await tokenOf(request, "admin"),
    "/api/org/roles/list",
  );
  expect(roles.data.list.map((role) => role.role_name)).not.toContain(name);
});
