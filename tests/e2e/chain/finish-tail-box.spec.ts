// Finishing a work order with a partial (tail) box in the console: the server's confirmation names
// the box and its fill, nothing changes until it is confirmed, then the order is finished and the
// box shows as closed in 包装箱码查询.
import { expect, test } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { api, tokenOf } from "../org/org-helpers";

test("完工 with a tail box: the confirmation names the box and its fill; confirmed, the box is closed", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  // A seeded in-progress work order the chain produced whose partial (tail) box is still in the plant
  // (the seed ships some boxes: a box that has left is no longer the work order's to close). The
  // ones that produced come first: the seed produces a few among hundreds of in-progress orders.
  const orders = (
    await api(
      request,
      admin,
      "/api/plant/productionorders/pagelist?page=1&size=50&status=in_progress&sort=-produced_qty",
    )
  ).data as { list: { id: number; order_no: string; produced_qty: number }[] };
  let found:
    | { order: (typeof orders.list)[number]; tail: { code: string; held: number; capacity: number; state: string } }
    | undefined;
  for (const candidate of orders.list.filter((row) => row.produced_qty > 0)) {
    const boxes = (
      await api<{ list: { code: string; status: string }[] }>(
        request,
        admin,
        `/api/tagging/tracecodes/pagelist?page=1&size=50&work_order_id=${candidate.id}&code_type=box`,
      )
    ).data;
    for (const box of boxes.list.filter((row) => row.status === "activated" || row.status === "packed")) {
      const { fill } = (
        await api<{ fill: { held: number; capacity: number; state: string } }>(
          request,
          admin,
          `/api/plant/packages/contents?code=${box.code}`,
        )
      ).data;
      if (fill.state === "partial") found ??= { order: candidate, tail: { code: box.code, ...fill } };
    }
  }
  expect(found, "a seeded in-progress work order has a partial box in the plant").toBeDefined();
  const { order, tail } = found!;

  // "contains" also matches longer order numbers (ON…4 finds ON…40 to ON…49): a page holds them all.
  await signIn(
    page,
    "admin",
    `/orderlist?pageSize=50&currentPage=1&filters[0][field]=order_no&filters[0][operator]=contains&filters[0][value]=${order.order_no}`,
  );
  const row = visiblePage(page).locator(".ant-table-row").filter({ hasText: order.order_no });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Finish" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "OK" }).click();
  const dialog = page.locator(".ant-modal-confirm");
  await expect(dialog).toContainText(`${tail.code} (${tail.held}/${tail.capacity})`);
  // Not confirmed yet: nothing changed.
  expect(
    ((await api(request, admin, `/api/plant/productionorders/detail?id=${order.id}`)).data as { status: string })
      .status,
  ).toBe("in_progress");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(row).toContainText("Finished");
  expect(
    ((await api(request, admin, `/api/plant/packages/contents?code=${tail.code}`)).data as { fill: { state: string } })
      .fill.state,
  ).toBe("closed");

  await page.goto(`/packagequery?code=${tail.code}`);
  await expect(visiblePage(page).getByTestId("package-fill")).toContainText("Closed partial");
});
