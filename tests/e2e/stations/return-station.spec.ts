// 退货收货工位 at scanner speed: the RMA, dealer, warehouse and reason in the station's address; a box
// out of a case shipped to the dealer is received (the case stays with the dealer), a scan of a code
// already returned is refused with its next step, an item out of the case's other box joins the
// same return, and undo (F9) takes that item's receipt back (its return event declared in error): the
// item is shipped to the dealer again and leaves the RMA.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { ok, stamp, tokenOf } from "../org/org-helpers";
import { codeState } from "../logistics/logistics-helpers";
import { draftWaybill, stationStock } from "./station-stock";

async function scan(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press("Enter");
}

const returnOf = async (request: APIRequestContext, token: string, rma: string) =>
  (
    await ok<{ list: { codes: string; quantity: number; waybill_id: number }[] }>(
      request,
      token,
      `/api/physical/returns/pagelist?page=1&size=1&return_no=${rma}`,
    )
  ).list[0];

test("return station: a box out of a shipped case is received per scan, a second scan refused, the RMA gathers its codes, undo takes the last back", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const stock = await stationStock(request, admin);
  const items = await stock.fresh("item", 2);
  const boxes = await stock.fresh("box", 2);
  const [kase] = await stock.fresh("case", 1);
  for (const index of [0, 1]) {
    await stock.pack(boxes[index], items[index], "box");
    await stock.pack(kase, boxes[index], "case");
  }
  const waybill = await draftWaybill(request, admin);
  await ok(request, admin, "/api/physical/waybillcodes/add", { waybill_id: waybill.id, code: kase });
  await ok(request, admin, "/api/physical/waybills/ship", { id: waybill.id });
  const rma = `RMA-${stamp().toUpperCase()}`;

  await signIn(
    page,
    "admin",
    `/returnstation?return_no=${rma}&dealer_id=${waybill.dealer}&warehouse_id=${waybill.warehouse}&reason=Damaged`,
  );
  const verdict = page.locator(".station-verdict");
  await expect(page.locator(".station-scanner")).toBeFocused();

  await scan(page, boxes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(verdict).toContainText(boxes[0]);
  await expect(page.getByTestId("station-count")).toContainText("1");
  expect(await returnOf(request, admin, rma)).toMatchObject({ codes: boxes[0], quantity: 1, waybill_id: waybill.id });
  expect(await codeState(request, admin, items[0])).toMatchObject({ status: "returned" });
  expect(await codeState(request, admin, kase)).toMatchObject({ status: "shipped", dealer_id: waybill.dealer });

  await scan(page, boxes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "refused");
  await expect(verdict).toContainText(`${boxes[0]} was already returned; it is not with a dealer`);
  await expect(verdict).toContainText("Set it aside and scan the next one");
  await expect(page.getByTestId("station-count")).toContainText("1");

  await scan(page, items[1]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(page.getByTestId("station-count")).toContainText("2");
  expect(await returnOf(request, admin, rma)).toMatchObject({ codes: `${boxes[0]}\n${items[1]}`, quantity: 2 });
  expect((await codeState(request, admin, boxes[1])).status).toBe("shipped");
  // The list of returns below the station shows the RMA.
  await expect(page.locator(".ant-table").first()).toContainText(rma, { timeout: 20_000 });

  // Undo (F9): the item's receipt is declared in error through 退货收货撤销's rule.
  await page.keyboard.press("F9");
  await expect(verdict).toHaveAttribute("data-verdict", "undone");
  await expect(verdict).toContainText(items[1]);
  await expect(page.getByTestId("station-count")).toContainText("1");
  expect(await codeState(request, admin, items[1])).toMatchObject({ status: "shipped", dealer_id: waybill.dealer });
  expect(await returnOf(request, admin, rma)).toMatchObject({ codes: boxes[0], quantity: 1 });
  const cancelled = await ok<{ list: { code: string; return_no: string; operator: string }[] }>(
    request,
    admin,
    `/api/physical/returncancellations/pagelist?page=1&size=1&code=${items[1]}`,
  );
  expect(cancelled.list[0]).toMatchObject({ code: items[1], return_no: rma, operator: "admin" });
});
