// List, create, edit and detail of one screen are told apart by their tabs and the
// page title, the record named by the resource's label field (warehouses: warehouse_name).
import { expect, test } from "@playwright/test";
import { open, signIn, tag } from "./helpers";
import { ok, tokenOf } from "../org/org-helpers";

test("仓库管理's tabs say what each shows: the list, 新增仓库, 编辑仓库 · <name>, 仓库详情 · <name>", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const { list } = await ok<{ list: { id: number; warehouse_name: string }[] }>(
    request,
    admin,
    "/api/base/warehouses/pagelist?page=1&size=1",
  );
  const { id, warehouse_name: name } = list[0];
  await signIn(page, "admin", "/store", "zh");
  await expect(tag(page, "/store")).toHaveText("仓库管理");

  await open(page, "/store/create");
  await expect(tag(page, "/store/create")).toHaveText("新增仓库");
  await expect(page).toHaveTitle(/^新增仓库 - /);

  await open(page, `/store/edit/${id}`);
  await expect(tag(page, `/store/edit/${id}`)).toHaveText(`编辑仓库 · ${name}`);
  await expect(page).toHaveTitle(new RegExp(`^编辑仓库 · ${name} - `));

  await open(page, `/store/show/${id}`);
  await expect(tag(page, `/store/show/${id}`)).toHaveText(`仓库详情 · ${name}`);

  // Four tabs of one screen, four different titles.
  const titles = await page.locator(".tags-view-item").allTextContents();
  const ours = titles.filter((title) => title.includes("仓库"));
  expect(new Set(ours).size).toBe(ours.length);
  expect(ours.length).toBe(4);
});
