// manifest x-ref-where (employees.position_id: {depart_id: depart_id}): in 账号管理's form the
// position waits for a department, offers only that department's positions, and is cleared when
// the department changes; the server refuses a position of another department.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNT_TYPE, signIn, visiblePage } from "../shell/helpers";
import { api, choose, ok, stamp, tokenOf, type Created, type ListPage } from "./org-helpers";

/** The form item labelled `label` (its control is an antd Select here). */
const formItem = (scope: Locator, label: string): Locator =>
  scope
    .locator(".ant-form-item")
    .filter({ has: scope.page().locator(".ant-form-item-label label").getByText(label, { exact: true }) });

const openOptions = (page: Page) => page.locator(".ant-select-dropdown:visible .ant-select-item-option");

/** Picks `text` in the reference select of `item`, searching for it; works when it already holds a choice. */
async function pick(item: Locator, text: string): Promise<void> {
  await item.locator(".ant-select-selector").click();
  await item.locator("input").fill(text);
  await openOptions(item.page()).filter({ hasText: text }).first().click();
}

test("x-ref-where 账号管理: choosing a department narrows the positions to its own; changing it clears the position", async ({
  page,
  request,
}) => {
  const id = stamp();
  const admin = await tokenOf(request, "admin");
  const department = async (name: string) =>
    (
      await ok<Created>(request, admin, "/api/org/enterprisedepart/add", {
        depart_code: `RW-${name.replace(/ /g, "")}-${id}`,
        depart_name: `${name} ${id}`,
      })
    ).id;
  const position = async (name: string, depart_id: number) =>
    (
      await ok<Created>(request, admin, "/api/org/positions/add", {
        position_code: `RW-${name.replace(/ /g, "")}-${id}`,
        position_name: `${name} ${id}`,
        depart_id,
      })
    ).id;
  const [sales, plant] = [await department("Sales"), await department("Plant")];
  await position("Sales rep", sales);
  await position("Sales lead", sales);
  const operator = await position("Operator", plant);

  await signIn(page, "admin", "/stafflist");
  await visiblePage(page).getByRole("button", { name: "Add" }).click();
  await expect(page).toHaveURL(/\/stafflist\/create$/);
  const form = visiblePage(page)
    .locator(".ant-card")
    .filter({ has: page.getByRole("button", { name: "Save" }) });
  const positionItem = formItem(form, "Position");
  const positionSelect = positionItem.locator(".ant-select");
  const chosenPosition = positionItem.locator(".ant-select-selection-item");

  await test.step("the position waits for a department, saying so", async () => {
    await expect(positionSelect).toHaveClass(/ant-select-disabled/);
    await expect(positionItem).toContainText("Choose Department first");
  });

  await test.step("a department offers its own positions only", async () => {
    await pick(formItem(form, "Department"), `Sales ${id}`);
    await expect(positionSelect).not.toHaveClass(/ant-select-disabled/);
    await positionItem.locator(".ant-select-selector").click();
    await expect(openOptions(page)).toHaveText([`Sales lead ${id}`, `Sales rep ${id}`]);
    await openOptions(page)
      .filter({ hasText: `Sales rep ${id}` })
      .click();
    await expect(chosenPosition).toHaveText(`Sales rep ${id}`);
  });

  await test.step("another department clears the position and offers its own", async () => {
    await pick(formItem(form, "Department"), `Plant ${id}`);
    await expect(chosenPosition).toHaveCount(0);
    await positionItem.locator(".ant-select-selector").click();
    await expect(openOptions(page)).toHaveText([`Operator ${id}`]);
    await openOptions(page)
      .filter({ hasText: `Operator ${id}` })
      .click();
    await expect(chosenPosition).toHaveText(`Operator ${id}`);
  });

  await test.step("no department: the position is cleared and waits again", async () => {
    const departmentSelect = formItem(form, "Department").locator(".ant-select");
    await departmentSelect.hover();
    await departmentSelect.locator(".ant-select-clear").click();
    await expect(chosenPosition).toHaveCount(0);
    await expect(positionSelect).toHaveClass(/ant-select-disabled/);
  });

  await test.step("a fitting pair is saved", async () => {
    const account = `rw_${id}`;
    await formItem(form, "Account name").locator("input").fill(account);
    await formItem(form, "Full name").locator("input").fill(`Operator ${id}`);
    await choose(formItem(form, "Account type").locator("input"), "Enterprise account");
    await pick(formItem(form, "Department"), `Plant ${id}`);
    await pick(positionItem, `Operator ${id}`);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/stafflist(\?|$)/);
    const saved = await ok<ListPage<unknown>>(request, admin, `/api/org/employees/pagelist?account_name=${account}`);
    expect(saved.list).toEqual([expect.objectContaining({ depart_id: plant, position_id: operator })]);
  });

  await test.step("the API refuses a position of another department, naming the field", async () => {
    const refused = await api(request, admin, "/api/org/employees/add", {
      account_name: `rw_bad_${id}`,
      real_name: "Mismatch",
      account_type: ACCOUNT_TYPE,
      depart_id: sales,
      position_id: operator,
      status: "enabled",
    });
    expect(refused).toMatchObject({ status_code: 400, code: 40000 });
    expect((refused as { errors?: Record<string, string> }).errors?.position_id).toBe(
      `must be a positions record whose depart_id equals this record's depart_id (${sales}); positions ${operator} has depart_id ${plant}`,
    );
  });
});
