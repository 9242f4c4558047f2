// spec §3 and §7: 组织机构 (the department tree: add a child, rename, delete refused while
// in use) and 部门职位管理 (a department's positions and the roles each carries).
import { expect, test, type Page } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { api, choose, ok, ownPasswordSet, stamp, tokenOf, type Created, type ListPage } from "./org-helpers";

const treeNode = (page: Page, title: string) =>
  visiblePage(page)
    .locator(".ant-tree-treenode")
    .filter({ has: page.getByText(title, { exact: true }) });
const confirmPopup = (page: Page) => page.locator(".ant-popconfirm:visible").getByRole("button", { name: "OK" });

async function fillDialog(page: Page, values: Record<string, string>) {
  const dialog = page.getByRole("dialog");
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
}

test("spec §3 组织机构: add a child, rename it; delete is refused with a clear message while in use", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const [root, child, renamed] = [`HQ ${id}`, `Plant ${id}`, `Bottling ${id}`];
  await signIn(page, "admin", "/tree");
  await visiblePage(page).getByRole("button", { name: "Add root node" }).click();
  await fillDialog(page, { "Department code": `R-${id}`, "Department name": root });
  await treeNode(page, root).getByText(root, { exact: true }).click();
  await visiblePage(page).getByRole("button", { name: "Add child" }).click();
  await fillDialog(page, { "Department code": `C-${id}`, "Department name": child });
  await treeNode(page, root).locator(".ant-tree-switcher").click();
  await treeNode(page, child).getByText(child, { exact: true }).click();
  await visiblePage(page).getByRole("button", { name: "Rename" }).click();
  await fillDialog(page, { "Department name": renamed });
  await expect(treeNode(page, renamed)).toBeVisible();
  await expect(treeNode(page, child)).toHaveCount(0);

  // A department with a sub-department cannot be deleted: the button says why.
  await treeNode(page, root).getByText(root, { exact: true }).click();
  await expect(visiblePage(page).getByRole("button", { name: "Delete" })).toBeDisabled();
  await expect(visiblePage(page).getByText("Delete its child nodes first")).toBeVisible();

  // One with a position: the server refuses and the screen shows its reason; nothing changes.
  const admin = await tokenOf(request, "admin");
  const departments = await ok<ListPage<Created & { depart_name: string }>>(
    request,
    admin,
    "/api/org/enterprisedepart/list",
  );
  const department = departments.list.find((row) => row.depart_name === renamed)!;
  const position = await ok<Created>(request, admin, "/api/org/positions/add", {
    position_code: `P-${id}`,
    position_name: `Filler ${id}`,
    depart_id: department.id,
  });
  await treeNode(page, renamed).getByText(renamed, { exact: true }).click();
  await visiblePage(page).getByRole("button", { name: "Delete" }).click();
  await confirmPopup(page).click();
  // The console names the resources by their titles, not their table names.
  await expect(page.locator(".ant-notification")).toContainText(
    `Cannot delete Departments ${department.id}: it is still used by 1 Positions record(s)`,
  );
  await expect(treeNode(page, renamed)).toBeVisible();
  expect(
    (await api<{ depart_name: string }>(request, admin, `/api/org/enterprisedepart/detail?id=${department.id}`)).data
      .depart_name,
  ).toBe(renamed);

  // Unused again, it goes.
  await ok(request, admin, "/api/org/positions/delete", { id: position.id });
  await visiblePage(page).getByRole("button", { name: "Delete" }).click();
  await confirmPopup(page).click();
  await expect(treeNode(page, renamed)).toHaveCount(0);
});

test("部门职位管理: a position's roles are linked and unlinked; a position carrying a role is not deleted", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const admin = await tokenOf(request, "admin");
  const department = await ok<Created>(request, admin, "/api/org/enterprisedepart/add", {
    depart_code: `Q-${id}`,
    depart_name: `Quality ${id}`,
  });
  await ok(request, admin, "/api/org/positions/add", {
    position_code: `I-${id}`,
    position_name: `Inspector ${id}`,
    depart_id: department.id,
  });
  const role = `inspect_${id}`;
  await ok(request, admin, "/api/org/roles/add", { role_name: role });

  await signIn(page, "admin", "/home/organ/departmentjob");
  const screen = visiblePage(page);
  // The search box finds the department without the tree.
  await choose(screen.getByLabel("Find a department"), `Quality ${id}`);
  const row = screen.locator(".ant-table-row").filter({ hasText: `Inspector ${id}` });
  await row.getByText(`Inspector ${id}`, { exact: true }).click();
  const panel = screen.locator(".position-roles");
  await expect(panel).toContainText("This position carries no roles yet.");
  await choose(panel.getByLabel("Choose a role"), role);
  await panel.getByRole("button", { name: "Add role" }).click();
  const tag = panel.locator(".ant-tag").filter({ hasText: role });
  await expect(tag).toBeVisible();

  await row.getByRole("button", { name: "Delete" }).click();
  await confirmPopup(page).click();
  await expect(page.locator(".ant-notification")).toContainText("it is still used by 1 Position roles record(s)");
  await expect(row).toBeVisible();

  await tag.locator(".ant-tag-close-icon").click();
  await expect(tag).toHaveCount(0);
  await row.getByRole("button", { name: "Delete" }).click();
  await confirmPopup(page).click();
  await expect(row).toHaveCount(0);
});

test("部门职位管理 for an account holding only that menu and its add button: no tree, links still work", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const admin = await tokenOf(request, "admin");
  const department = await ok<Created>(request, admin, "/api/org/enterprisedepart/add", {
    depart_code: `K-${id}`,
    depart_name: `Keepers ${id}`,
  });
  const position = await ok<Created>(request, admin, "/api/org/positions/add", {
    position_code: `K-${id}`,
    position_name: `Keeper ${id}`,
    depart_id: department.id,
  });
  const role = await ok<Created>(request, admin, "/api/org/roles/add", { role_name: `keeper_${id}` });
  await ok(request, admin, "/api/org/menutree/savetree", {
    role_id: role.id,
    menu_keys: ["departmentjob"],
    button_codes: ["departmentjob_add"],
  });
  await ok(request, admin, "/api/org/positionrole/add", { position_id: position.id, role_id: role.id });
  const extra = await ok<{ role_name: string }>(request, admin, "/api/org/roles/add", { role_name: `extra_${id}` });
  const account = `keeper_${id}`;
  await ok(request, admin, "/api/org/employees/add", {
    account_name: account,
    real_name: account,
    account_type: "enterprise",
    depart_id: department.id,
    position_id: position.id,
    status: "enabled",
  });

  // A new account sets its own password before it can do anything.
  await ownPasswordSet(request, account, "Keeper-own-1");
  await signIn(page, account, "/home/organ/departmentjob", "en", "Keeper-own-1");
  const screen = visiblePage(page);
  await expect(screen.getByText("Find a department")).toBeVisible();
  await expect(screen.locator(".ant-tree")).toHaveCount(0);
  await choose(screen.getByLabel("Find a department"), `Keepers ${id}`);
  await screen.getByText(`Keeper ${id}`, { exact: true }).click();
  await expect(screen.getByRole("button", { name: "Add position" })).toBeVisible();
  await expect(screen.getByRole("button", { name: "Delete" })).toHaveCount(0);
  const panel = screen.locator(".position-roles");
  await choose(panel.getByLabel("Choose a role"), extra.role_name);
  await panel.getByRole("button", { name: "Add role" }).click();
  await expect(panel.locator(".ant-tag").filter({ hasText: extra.role_name })).toBeVisible();
  // Without the delete button the links cannot be removed here.
  await expect(panel.locator(".ant-tag-close-icon")).toHaveCount(0);
});
