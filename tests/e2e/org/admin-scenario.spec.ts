// spec §4 and §6: an administrator builds the organisation through the
// screens — department, position, a role granting only 产品列表 with its add button, the position's
// role, an account — and the console and the server both obey that grant for the new account.
import { expect, test, type Page } from "@playwright/test";
import { menuItem, signIn, visiblePage } from "../shell/helpers";
import {
  api,
  choose,
  formControl,
  firstSignInWithForm,
  loginWithForm,
  logOut,
  NO_ROLES_MESSAGE,
  ok,
  sidebarTitles,
  signInWithForm,
  stamp,
  tokenOf,
  type Created,
  type ListPage,
} from "./org-helpers";

const id = stamp();
const DEPARTMENT = `Sales ${id}`;
const POSITION = `Clerk ${id}`;
const ROLE = `catalogue_${id}`;
const ACCOUNT = `clerk_${id}`;
/** The password the new account sets for itself at its first sign-in. */
const OWN_PASSWORD = `Own-${id}`;
// spec §2: 重码查询 has no role, so every signed-in account sees it (with its area); 产品信息 holds one
// visible page for this account, which the sidebar shows in its place.
// The sidebar shows the manifest's short titles where it gives them (产品追溯系统: Traceability).
const OPEN_TO_ALL = ["Production", "Duplicate codes"];
const EMPLOYEE_SIDEBAR = ["Dashboard", "Traceability", "Basic data", "Product list", ...OPEN_TO_ALL];

const grantNode = (page: Page, key: string) =>
  visiblePage(page)
    .locator(".ant-tree-treenode")
    .filter({ has: page.locator(`[data-grant="${key}"]`) });
const productRows = (page: Page) => visiblePage(page).locator(".ant-table-tbody tr.ant-table-row");

async function openRoleGrants(page: Page) {
  await signIn(page, "admin", "/role/rolemanage");
  await visiblePage(page).locator(".ant-table-row").getByText(ROLE, { exact: true }).click();
  await expect(visiblePage(page).getByText(`Permissions of ${ROLE}`)).toBeVisible();
  await expect(visiblePage(page).getByText("take effect for each of its accounts at their next login")).toBeVisible();
}

test.afterAll(async ({ request }) => {
  // Leave 产品列表 switched on for the tests that follow (the editor uses it).
  await ok(request, await tokenOf(request, "admin"), "/api/org/menutree/menutreeenable", {
    menu_key: "productlist",
    enabled: true,
  });
});

test("spec §6: the administrator's scenario from department to a new account's menus and buttons", async ({ page }) => {
  test.setTimeout(360_000);

  await test.step("组织机构: create a department", async () => {
    await signIn(page, "admin", "/tree");
    await visiblePage(page).getByRole("button", { name: "Add root node" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Department code").fill(`D-${id}`);
    await dialog.getByLabel("Department name").fill(DEPARTMENT);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    await expect(visiblePage(page).locator(".ant-tree").getByText(DEPARTMENT)).toBeVisible();
  });

  await test.step("部门职位管理: a position in it", async () => {
    await signIn(page, "admin", "/home/organ/departmentjob");
    await visiblePage(page).locator(".ant-tree").getByText(DEPARTMENT).click();
    await visiblePage(page).getByRole("button", { name: "Add position" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Position code").fill(`P-${id}`);
    await dialog.getByLabel("Position name").fill(POSITION);
    await expect(dialog.locator(".ant-select-selection-item")).toHaveText(DEPARTMENT);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    await expect(visiblePage(page).locator(".ant-table-row").filter({ hasText: POSITION })).toBeVisible();
  });

  await test.step("权限管理: a role granting only 产品列表 and its add button", async () => {
    await signIn(page, "admin", "/role/rolemanage");
    await visiblePage(page).getByRole("button", { name: "Add role" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Role name").fill(ROLE);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    await expect(visiblePage(page).getByText(`Permissions of ${ROLE}`)).toBeVisible();
    await grantNode(page, "button:productlist_add").locator(".ant-tree-checkbox").click();
    // Parents half-checked when some of their children are.
    for (const parent of ["menu:productlist", "menu:product", "menu:base", "menu:home"])
      await expect(grantNode(page, parent).locator(".ant-tree-checkbox")).toHaveClass(
        /ant-tree-checkbox-indeterminate/,
      );
    await expect(grantNode(page, "button:productlist_delete").locator(".ant-tree-checkbox")).not.toHaveClass(/checked/);
    await visiblePage(page).getByRole("button", { name: "Save permissions" }).click();
    await expect(page.getByText("Permissions saved")).toBeVisible();
  });

  await test.step("部门职位管理: the position carries the role", async () => {
    await signIn(page, "admin", "/home/organ/departmentjob");
    await visiblePage(page).locator(".ant-tree").getByText(DEPARTMENT).click();
    await visiblePage(page).locator(".ant-table-row").getByText(POSITION, { exact: true }).click();
    const panel = visiblePage(page).locator(".position-roles");
    await expect(panel).toContainText(`Roles of ${POSITION}`);
    await choose(panel.getByLabel("Choose a role"), ROLE);
    await panel.getByRole("button", { name: "Add role" }).click();
    await expect(panel.locator(".ant-tag").filter({ hasText: ROLE })).toBeVisible();
  });

  await test.step("账号管理: an account in that position", async () => {
    await signIn(page, "admin", "/stafflist");
    await visiblePage(page).getByRole("button", { name: "Add" }).click();
    await expect(page).toHaveURL(/\/stafflist\/create$/);
    const form = visiblePage(page)
      .locator(".ant-card")
      .filter({ has: page.getByRole("button", { name: "Save" }) });
    await formControl(form, "Account name").fill(ACCOUNT);
    await formControl(form, "Full name").fill(`Clerk ${id}`);
    await choose(formControl(form, "Account type"), "Enterprise account");
    await choose(formControl(form, "Department"), DEPARTMENT);
    await choose(formControl(form, "Position"), POSITION);
    // the manifest's default (employees.status: enabled) is preset on a new account
    await expect(form.locator(".ant-select-selection-item[title='Enabled']")).toBeVisible();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/stafflist(\?|$)/);
  });

  await test.step("the account sees only 产品列表 (and the dashboard, and what is open to all), add present and delete absent", async () => {
    await logOut(page);
    // The account holds the initial password, so its first sign-in asks for its own.
    await firstSignInWithForm(page, ACCOUNT, OWN_PASSWORD);
    expect(await sidebarTitles(page)).toEqual(EMPLOYEE_SIDEBAR);
    await menuItem(page, "Product list").click();
    await expect(page).toHaveURL(/\/productlist(\?|$)/);
    await expect(productRows(page).first()).toBeVisible();
    await expect(visiblePage(page).getByRole("button", { name: "Add" })).toBeVisible();
    await expect(visiblePage(page).getByRole("button", { name: "Delete" })).toHaveCount(0);
    await expect(visiblePage(page).getByRole("button", { name: "Edit" })).toHaveCount(0);
  });

  await test.step("another screen's URL lands on 401; another resource's API answers 40300", async () => {
    await page.goto("/store");
    await expect(page).toHaveURL(/\/401$/);
    const token = (await page.context().cookies()).find((cookie) => cookie.name === "Admin-Token")!.value;
    const staff = await api(page.request, token, "/api/org/employees/pagelist");
    expect(staff).toMatchObject({ status_code: 403, code: 40300 });
    const warehouses = await api(page.request, token, "/api/base/warehouses/pagelist");
    expect(warehouses.code).toBe(40300);
    // The delete it was not granted is refused by the server too, not only hidden.
    const product = (await ok<ListPage<Created>>(page.request, token, "/api/base/products/pagelist?size=1")).list[0];
    expect((await api(page.request, token, "/api/base/products/delete", { id: product.id })).code).toBe(40300);
    await page.goto("/401");
    await page.getByRole("button", { name: "Back to home" }).click();
    await expect(page.locator(".navbar")).toBeVisible();
  });

  await test.step("admin grants delete: it appears at the account's next login", async () => {
    await logOut(page);
    await openRoleGrants(page);
    await expect(grantNode(page, "button:productlist_add").locator(".ant-tree-checkbox")).toHaveClass(
      /ant-tree-checkbox-checked/,
    );
    await grantNode(page, "button:productlist_delete").locator(".ant-tree-checkbox").click();
    await visiblePage(page).getByRole("button", { name: "Save permissions" }).click();
    await expect(page.getByText("Permissions saved")).toBeVisible();
    await logOut(page);
    await signInWithForm(page, ACCOUNT, OWN_PASSWORD);
    await page.goto("/productlist");
    await expect(productRows(page).first()).toBeVisible();
    await expect(productRows(page).first().getByRole("button", { name: "Delete" })).toBeVisible();
  });

  await test.step("菜单管理 switches 产品列表 off: it vanishes for the account", async () => {
    await logOut(page);
    await signIn(page, "admin", "/role/setmenusenable");
    const productList = visiblePage(page).getByRole("switch", { name: "Product list" });
    await expect(productList).toBeChecked();
    await productList.click();
    await expect(productList).not.toBeChecked();
    await logOut(page);
    await signInWithForm(page, ACCOUNT, OWN_PASSWORD);
    expect(await sidebarTitles(page)).toEqual(["Dashboard", "Traceability", ...OPEN_TO_ALL]);
    await page.goto("/productlist");
    await expect(page).toHaveURL(/\/401$/);
    await page.getByRole("button", { name: "Back to home" }).click();
    await expect(page.locator(".navbar")).toBeVisible();
  });

  await test.step("every grant removed: the account cannot log in and gets the spec §5 message", async () => {
    await logOut(page);
    await openRoleGrants(page);
    // 产品列表 holds two of its four buttons: half-checked. A click checks it all, the next clears it,
    // and the groups above, left with nothing, clear too.
    const productList = grantNode(page, "menu:productlist").locator(".ant-tree-checkbox");
    await expect(productList).toHaveClass(/ant-tree-checkbox-indeterminate/);
    await productList.click();
    await expect(productList).toHaveClass(/ant-tree-checkbox-checked/);
    await expect(grantNode(page, "button:productlist_export").locator(".ant-tree-checkbox")).toHaveClass(
      /ant-tree-checkbox-checked/,
    );
    await productList.click();
    for (const key of ["menu:productlist", "button:productlist_add", "menu:product", "menu:base", "menu:home"])
      await expect(grantNode(page, key).locator(".ant-tree-checkbox")).not.toHaveClass(/checked|indeterminate/);
    await visiblePage(page).getByRole("button", { name: "Save permissions" }).click();
    await expect(page.getByText("Permissions saved")).toBeVisible();
    await logOut(page);
    // spec §5 gives the message in Chinese; the zh interface shows it word for word.
    await loginWithForm(page, ACCOUNT, OWN_PASSWORD, "zh");
    await expect(page.getByText(NO_ROLES_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});
