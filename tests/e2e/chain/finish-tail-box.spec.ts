// Finishing a work order with a partial (tail) box in the console: the server's confirmation names
// the box and its fill, nothing changes until it is confirmed, then the order is finished and the
// box shows as closed in 包装箱码查询.
import { expect, test } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { api, tokenOf } from "../org/org-helpers";

test("完工 with a tail box: the confirmation names the box and its fill; confirmed, the box is closed", async ({ page, request }) => {
  const admin = await tokenOf(request, "admin");
  // A seeded in-progress work order the chain produced: its last box is partial.
  const orders = (await api(request, admin, "/api/plant/productionorders/pagelist?page=1&size=50&status=in_progress")).data as { list: { id: number; order_no: string; produced_qty: number }[] };
  const order = orders.list.find((row) => row.produced_qty > 0)!;
  const boxes = (await api(request, admin, `/api/tagging/tracecodes/pagelist?page=1&size=50&work_order_id=${order.id}&code_type=box`)).data as { list: { code: string }[] };
  const fills = await Promise.all(boxes.list.map(async (box) => ({ code: box.code, ...((await api(request, admin, `/api/plant/packages/contents?code=${box.code}`)).data.fill as { held: number; capacity: number; state: string }) })));
  const tail = fills.find((fill) => fill.state === "partial")!;
  expect(tail, `work order ${order.order_no} has a partial box`).toBeDefined();

  await signIn(page, "admin", `/orderlist?pageSize=10&currentPage=1&filters[0][field]=order_no&filters[0][operator]=contains&filters[0][value]=${order.order_no}`);
  const row = visiblePage(page).locator(".ant-table-row").filter({ hasText: order.order_no });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Finish" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "OK" }).click();
  const dialog = page.locator(".ant-modal-confirm");
  await expect(dialog).toContainText(`${tail.code} (${tail.held}/${tail.capacity})`);
  // Not confirmed yet: nothing changed.
  expect(((await api(request, admin, `/api/plant/productionorders/detail?id=${order.id}`)).data as { status: string }).status).toBe("in_progress");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(row).toContainText("Finished");
  expect(((await api(request, admin, `/api/plant/packages/contents?code=${tail.code}`)).data as { fill: { state: string } }).fill.state).toBe("closed");

  await page.goto(`/packagequery?code=${tail.code}`);
  await expect(visiblePage(page).getByTestId("package-fill")).toContainText("Closed partial");
});
