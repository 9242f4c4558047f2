// 包装工位（先扫子码） at scanner speed: items first, each checked by the server and held by the
// station (nothing written), an item packed elsewhere refused with its next step, undo (F9) letting
// the last held item go, and the box's label closing the held items into it.
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { ok, tokenOf } from "../org/org-helpers";
import { codeState } from "../logistics/logistics-helpers";
import { stationStock } from "./station-stock";

async function scan(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press("Enter");
}

test("packing station, items first: held per scan, a packed item refused, undo, the box's label closes them in", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const stock = await stationStock(request, admin);
  const items = await stock.fresh("item", 3);
  const boxes = await stock.fresh("box", 2);
  await stock.pack(boxes[1], items[2], "box");

  await signIn(page, "admin", `/packingfirststation?order_id=${stock.workOrder}&level=box`);
  const verdict = page.locator(".station-verdict");
  const fill = page.getByTestId("station-fill");
  await expect(page.locator(".station-scanner")).toBeFocused();

  await scan(page, items[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(verdict).toContainText("Scan the next item, or the package's label to close them in");
  await expect(fill).toHaveText(/^1\/\d+$/);
  // Held, not written: the item is still loose.
  expect((await codeState(request, admin, items[0])).status).toBe("activated");

  await scan(page, items[2]);
  await expect(verdict).toHaveAttribute("data-verdict", "refused");
  await expect(verdict).toContainText(`${items[2]} is already packed in ${boxes[1]}`);
  await expect(verdict).toContainText("Set it aside and scan the next one");

  await scan(page, items[1]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(fill).toHaveText(/^2\/\d+$/);
  await page.keyboard.press("F9");
  await expect(verdict).toHaveAttribute("data-verdict", "undone");
  await expect(verdict).toContainText(items[1]);
  await expect(fill).toHaveText(/^1\/\d+$/);
  await scan(page, items[1]);
  await expect(fill).toHaveText(/^2\/\d+$/);

  await scan(page, boxes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "complete");
  await expect(verdict).toContainText(boxes[0]);
  await expect(fill).toHaveText(/^0\/?\d*$/);
  const { children } = await ok<{ children: { code: string }[] }>(
    request,
    admin,
    `/api/plant/packages/contents?code=${boxes[0]}`,
  );
  expect(children.map((child) => child.code).sort()).toEqual([items[0], items[1]].sort());
  expect((await codeState(request, admin, items[1])).status).toBe("packed");
});
