// An array-of-objects field in a generated form: a code rule's segments are rows. The form starts
// with the manifest's rows; rows are added, moved and removed, a length they do not add up to is refused with the rule's own
// sentence under the rows, the rule is saved, and the detail shows them as a table in their order
// while the list shows them on one line; the server stored exactly those rows.
import { expect, test, type Locator } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { choose, formControl, ok, stamp, tokenOf } from "../org/org-helpers";

interface Rule {
  id: number;
  rule_code: string;
  segments: { kind: string; length?: number | null; value?: string | null }[];
}

test("生码规则: segment rows are added, moved up, removed and saved; the detail shows them as a table and the list on one line", async ({
  page,
  request,
}) => {
  const code = `ROWS${stamp()}`.toUpperCase().slice(0, 16);
  await signIn(page, "admin", "/home/tagging/coderule/create");
  const view = visiblePage(page);
  await formControl(view, "Rule code").fill(code);
  await formControl(view, "Rule name").fill(`Rows ${code}`);
  await choose(view.getByRole("combobox", { name: "Code type" }), "Item");

  const rows = view.getByTestId("row-segments");
  const addRow = view.getByRole("button", { name: "Add a row" });
  const kindOf = (row: Locator) => row.getByRole("combobox", { name: "Segment kind" });

  await test.step("the form starts with the manifest's rows: level, random 18, check", async () => {
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Level digit");
    await expect(rows.nth(1)).toContainText("Random");
    await expect(rows.nth(1).getByRole("spinbutton", { name: "Length" })).toHaveValue("18");
    await expect(rows.nth(2)).toContainText("Check character");
  });

  await test.step("two rows are added: random 2 and fixed X", async () => {
    await addRow.click();
    await choose(kindOf(rows.nth(3)), "Random");
    await rows.nth(3).getByRole("spinbutton", { name: "Length" }).fill("2");
    await addRow.click();
    await choose(kindOf(rows.nth(4)), "Fixed text");
    await rows.nth(4).getByRole("textbox", { name: "Value" }).fill("X");
    await expect(rows).toHaveCount(5);
  });

  await test.step("random 2 moves up above the check, and the fixed row is removed", async () => {
    await view.getByRole("button", { name: "Move row 4 up" }).click();
    await expect(rows.nth(2)).toContainText("Random");
    await expect(rows.nth(2).getByRole("spinbutton", { name: "Length" })).toHaveValue("2");
    await expect(rows.nth(3)).toContainText("Check character");
    await view.getByRole("button", { name: "Remove row 5" }).click();
    await expect(rows).toHaveCount(4);
  });

  await test.step("a length the rows do not add up to is refused by the server, named under the rows", async () => {
    await view.getByRole("button", { name: "Save" }).click();
    await expect(view.getByTestId("rows-segments")).toContainText(
      "the declared length is 20 but the segments add up to 22",
    );
    await formControl(view, "Code length").fill("22");
  });

  await view.getByRole("button", { name: "Save" }).click();
  const admin = await tokenOf(request, "admin");
  const listed = async () =>
    (await ok<{ list: Rule[] }>(request, admin, `/api/tagging/coderules/pagelist?page=1&size=5&rule_code=${code}`))
      .list;
  await expect.poll(async () => (await listed()).length).toBe(1);
  const [rule] = await listed();
  expect(rule.segments).toEqual([
    { kind: "level" },
    { kind: "random", length: 18 },
    { kind: "random", length: 2 },
    { kind: "check" },
  ]);

  await test.step("the detail shows the rows as a table, in their order", async () => {
    await page.goto(`/home/tagging/coderule/show/${rule.id}`);
    const table = visiblePage(page).getByTestId("rows-table-segments");
    const lines = table.locator("tbody tr");
    await expect(lines).toHaveCount(4);
    // each line: #, kind, length, value
    const cells = (line: number) => lines.nth(line).locator("td");
    await expect(cells(0).nth(1)).toHaveText("Level digit");
    await expect(cells(1).nth(1)).toHaveText("Random");
    await expect(cells(1).nth(2)).toHaveText("18");
    await expect(cells(2).nth(1)).toHaveText("Random");
    await expect(cells(2).nth(2)).toHaveText("2");
    await expect(cells(3).nth(1)).toHaveText("Check character");
  });

  await test.step("the list shows them on one line", async () => {
    await page.goto(
      `/home/tagging/coderule?pageSize=10&currentPage=1&filters[0][field]=rule_code&filters[0][operator]=contains&filters[0][value]=${code}`,
    );
    const row = visiblePage(page).locator(".ant-table-row").filter({ hasText: code });
    await expect(row).toContainText("Level digit + Random:18 + Random:2 + Check character");
  });

  await test.step("the edit form opens with the stored rows", async () => {
    await page.goto(`/home/tagging/coderule/edit/${rule.id}`);
    const editRows = visiblePage(page).getByTestId("row-segments");
    await expect(editRows).toHaveCount(4);
    await expect(editRows.nth(2).getByRole("spinbutton", { name: "Length" })).toHaveValue("2");
    await expect(editRows.nth(3)).toContainText("Check character");
  });
});
