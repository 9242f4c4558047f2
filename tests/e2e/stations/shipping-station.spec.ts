// 发货工位 at scanner speed: the draft waybill in the station's address, each scanned package goes
// onto it (箱码查询's rule), an item packed in a box is refused with the server's words and what to
// do next, undo (F9) takes the last package off through 减货's rule, and F10 ships the waybill through
// 确认发货's rule; the next waybill is scanned by its number, and an empty one is refused when shipped.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { ok, tokenOf } from "../org/org-helpers";
import { codeState } from "../logistics/logistics-helpers";
import { draftWaybill, stationStock } from "./station-stock";

async function scan(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press("Enter");
}

const onWaybill = async (request: APIRequestContext, token: string, id: number) =>
  (
    await ok<{ list: { code: string }[] }>(
      request,
      token,
      `/api/physical/waybillcodes/pagelist?page=1&size=50&waybill_id=${id}`,
    )
  ).list
    .map((row) => row.code)
    .sort();

test("shipping station: packages load per scan, a packed item is refused, undo, F10 ships", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const stock = await stationStock(request, admin);
  const items = await stock.fresh("item", 2);
  const boxes = await stock.fresh("box", 2);
  await stock.pack(boxes[0], items[0], "box");
  await stock.pack(boxes[1], items[1], "box");
  const waybill = await draftWaybill(request, admin);

  await signIn(page, "admin", `/shippingstation?waybill_id=${waybill.id}`);
  const scanner = page.locator(".station-scanner");
  const verdict = page.locator(".station-verdict");
  await expect(scanner).toBeFocused();

  await scan(page, boxes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(verdict).toContainText(boxes[0]);
  await expect(page.getByTestId("station-count")).toContainText("1");

  // An item inside a box: refused with the server's reason and the next step.
  await scan(page, items[1]);
  await expect(verdict).toHaveAttribute("data-verdict", "refused");
  await expect(verdict).toContainText(`${items[1]} is packed in box ${boxes[1]}`);
  await expect(verdict).toContainText("Set it aside and scan the next one");

  await scan(page, boxes[1]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(page.getByTestId("station-count")).toContainText("2");
  expect(await onWaybill(request, admin, waybill.id)).toEqual([...boxes].sort());

  // Undo: the last package comes off the draft through the reduction rule.
  await page.keyboard.press("F9");
  await expect(verdict).toHaveAttribute("data-verdict", "undone");
  await expect(verdict).toContainText(boxes[1]);
  await expect(page.getByTestId("station-count")).toContainText("1");
  await expect.poll(() => onWaybill(request, admin, waybill.id)).toEqual([boxes[0]]);

  // F10 ships the waybill: its package and the item inside are the dealer's now; the station asks for the next waybill.
  await page.keyboard.press("F10");
  await expect(verdict).toHaveAttribute("data-verdict", "finished");
  await expect(verdict).toContainText(waybill.no);
  await expect(page.getByText("Choose it above, or scan its number")).toBeVisible();
  const [shipped] = (
    await ok<{ list: { status: string }[] }>(
      request,
      admin,
      `/api/physical/waybills/pagelist?page=1&size=1&waybill_no=${waybill.no}`,
    )
  ).list;
  expect(shipped.status).toBe("shipped");
  expect(await codeState(request, admin, items[0])).toMatchObject({
    status: "shipped",
    waybill_id: waybill.id,
    dealer_id: waybill.dealer,
  });
  expect((await codeState(request, admin, boxes[1])).status).toBe("activated");

  // The next waybill is scanned by its number instead of chosen; a number no waybill has is refused.
  const empty = await draftWaybill(request, admin);
  await expect(scanner).toBeFocused();
  await scan(page, `${empty.no}-X`);
  await expect(verdict).toHaveAttribute("data-verdict", "refused");
  await expect(verdict).toContainText(`Nothing numbered ${empty.no}-X to choose here`);
  await scan(page, empty.no);
  await expect(verdict).toHaveAttribute("data-verdict", "opened");
  await expect(page.locator(".station .ant-select-selection-item")).toHaveText(empty.no);
  // A waybill with nothing on it is refused when shipped, in the operator's words.
  await page.keyboard.press("F10");
  await expect(verdict).toHaveAttribute("data-verdict", "refused");
  await expect(verdict).toContainText(`waybill ${empty.no} has no codes; add codes before shipping`);
});
