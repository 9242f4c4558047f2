// 包装工位（先扫子码） at scanner speed: items first, each checked by the server and held by the
// station (nothing written), an item packed elsewhere refused with its next step, undo (F9) letting
// the last held item go, and the box's label closing the held items into it. Without the server the
// station holds items unchecked, takes the scan after F8 (or after a full package) for the label, and
// queues the close: sent once when the server is back, or, refused on replay, listed to be cleared.
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { ok, tokenOf } from "../org/org-helpers";
import { codeState } from "../logistics/logistics-helpers";
import { stationStock } from "./station-stock";
import { callsTo, cutStationCalls, restoreStationCalls } from "./station-calls";

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

const PACK_CALL = "**/api/plant/packaginglinks/packheld";

test("packing station, items first, without the server: items held unchecked, F8 and the label queue the close, packed once when back; a refused close is listed", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const stock = await stationStock(request, admin);
  const items = await stock.fresh("item", 4);
  const boxes = await stock.fresh("box", 3);
  await stock.pack(boxes[2], items[3], "box");
  const closes: { code: string; key: string | undefined }[] = [];
  page.on("request", (sent) => {
    for (const { body, key } of callsTo(sent, "/api/plant/packaginglinks/packheld")) {
      const code = body.child_code as string;
      if (boxes.includes(code)) closes.push({ code, key });
    }
  });

  await signIn(page, "admin", `/packingfirststation?order_id=${stock.workOrder}&level=box`);
  const verdict = page.locator(".station-verdict");
  const fill = page.getByTestId("station-fill");
  const queue = page.getByTestId("station-queue");
  await expect(page.locator(".station-scanner")).toBeFocused();
  await scan(page, items[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(fill).toHaveText(/^1\/\d+$/);

  // The network goes: the next item is held without its check, and F8 makes the next scan the label.
  await cutStationCalls(page, PACK_CALL);
  await scan(page, items[1]);
  await expect(verdict).toHaveAttribute("data-verdict", "queued");
  await expect(verdict).toContainText("Held without the server's check");
  await expect(fill).toHaveText(/^2\/\d+$/);
  await page.keyboard.press("F8");
  await expect(verdict).toContainText("Scan the package's label to close the held codes in");
  await scan(page, boxes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "queued");
  await expect(verdict).toContainText(boxes[0]);
  await expect(queue).toContainText("Waiting to be sent: 1");
  await expect(fill).toHaveText(/^0\/\d+$/);
  expect((await codeState(request, admin, items[1])).status).toBe("activated");

  // A package whose item was packed elsewhere: its close waits behind the first, and is refused.
  await scan(page, items[3]);
  await expect(verdict).toHaveAttribute("data-verdict", "queued");
  await page.keyboard.press("F8");
  await scan(page, boxes[1]);
  await expect(queue).toContainText("Waiting to be sent: 2");

  // The network is back: both closes are sent in order, each with its one key. The queue also tries
  // again by itself on its backoff: "Send now" hurries it, unless that try came first and took the
  // button away (on a slow host it did, and the click waited for the button until the time-out).
  await restoreStationCalls(page, PACK_CALL);
  await Promise.race([page.getByRole("button", { name: "Send now" }).click(), expect(queue).toBeHidden()]);
  await expect(queue).toBeHidden();
  const refused = page.getByTestId("station-replay-refused");
  await expect(refused).toContainText(boxes[1]);
  await expect(refused).toContainText(`${items[3]} is already packed in ${boxes[2]}`);
  await expect(verdict).toHaveAttribute("data-verdict", "refused");
  await expect(page.getByTestId("station-count")).toContainText("2");

  const { children } = await ok<{ children: { code: string }[] }>(
    request,
    admin,
    `/api/plant/packages/contents?code=${boxes[0]}`,
  );
  expect(children.map((child) => child.code).sort()).toEqual([items[0], items[1]].sort());
  const box1 = await ok<{ children: { code: string }[] }>(
    request,
    admin,
    `/api/plant/packages/contents?code=${boxes[1]}`,
  );
  expect(box1.children).toEqual([]);
  const byKey = new Map<string, Set<string>>();
  for (const { code, key } of closes) {
    expect(key, `${code} carries an idempotency key`).toBeTruthy();
    byKey.set(code, (byKey.get(code) ?? new Set()).add(key!));
  }
  expect([...byKey.keys()].sort()).toEqual([boxes[0], boxes[1]].sort());
  for (const keys of byKey.values()) expect(keys.size).toBe(1);
});
