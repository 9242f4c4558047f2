// 包装工位 at scanner speed: keys typed 5 ms apart, then Enter, as a keyboard-wedge scanner does.
// Parent first, then its children: each verdict's colour and words, a refusal with its next step,
// undo through 关联解除's rule, a GS1 element string and a Digital Link read as the item's code, and
// the box closing by itself at its capacity.
import { expect, test, type APIRequestContext, type Page, type Route } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { ok, tokenOf } from "../org/org-helpers";

interface Code {
  code: string;
  status: string;
  waybill_id: number | null;
}
interface Fill {
  held: number;
  capacity: number;
  state: string;
}

async function scan(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press("Enter");
}

const verdict = (page: Page) => page.locator(".station-verdict");
/** How long the station waits for a scan's answer before it queues the scan (use-scan-queue.ts). */
const SCAN_ANSWER_MS = 1000;

/** Take `count` items out of a full box through 关联解除; answers the box's fill after. */
async function makeRoom(request: APIRequestContext, admin: string, box: string, count: number): Promise<Fill> {
  const { children } = await ok<{ children: { code: string; level: string }[] }>(
    request,
    admin,
    `/api/plant/packages/contents?code=${box}`,
  );
  for (const child of children.filter((row) => row.level === "item").slice(0, count))
    await ok(request, admin, "/api/plant/packagingunlinks/add", {
      code: child.code,
      named_parent: box,
      reason: "make room for the station test",
    });
  return (await ok<{ fill: Fill }>(request, admin, `/api/plant/packages/contents?code=${box}`)).fill;
}

/**
 * `count` activated item codes of a work order that sit in no package: the seed's free ones, and
 * where earlier tests of the run used those up, generated ones activated now through 码激活's rule.
 */
async function freeItems(
  request: APIRequestContext,
  admin: string,
  order: number,
  batch: number,
  count: number,
): Promise<string[]> {
  const free = await ok<{ list: Code[] }>(
    request,
    admin,
    `/api/tagging/tracecodes/pagelist?page=1&size=${count}&work_order_id=${order}&code_type=item&status=activated`,
  );
  const codes = free.list.map((row) => row.code);
  if (codes.length >= count) return codes;
  const generated = await ok<{ list: Code[] }>(
    request,
    admin,
    `/api/tagging/tracecodes/pagelist?page=1&size=${count - codes.length}&batch_id=${batch}&code_type=item&status=generated`,
  );
  for (const { code } of generated.list) {
    await ok(request, admin, "/api/plant/codeactivations/add", {
      work_order_id: order,
      level: "item",
      first_code: code,
      last_code: code,
    });
    codes.push(code);
  }
  return codes;
}

/** Seeded in-progress work orders that have produced codes: where the plant's boxes and free items are. */
async function producingOrders(request: APIRequestContext, admin: string) {
  const orders = await ok<{ list: { id: number; produced_qty: number; code_batch_id: number | null }[] }>(
    request,
    admin,
    "/api/plant/productionorders/pagelist?page=1&size=50&status=in_progress&sort=-produced_qty",
  );
  return orders.list.filter((row) => row.produced_qty > 0 && row.code_batch_id !== null);
}

test("packing station: open a box, fill it at scanner speed, refuse, undo, close at capacity", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  // A seeded in-progress work order with an open box in the plant and enough free items to fill it.
  const orders = await producingOrders(request, admin);
  let found: { order: number; box: string; fill: Fill; items: string[] } | undefined;
  for (const order of orders) {
    const boxes = await ok<{ list: Code[] }>(
      request,
      admin,
      `/api/tagging/tracecodes/pagelist?page=1&size=50&work_order_id=${order.id}&code_type=box&status=activated`,
    );
    for (const box of boxes.list.filter((row) => row.waybill_id === null)) {
      let { fill } = await ok<{ fill: Fill }>(request, admin, `/api/plant/packages/contents?code=${box.code}`);
      // Earlier tests of a run may have filled the seeded partial boxes: take two items out of a
      // full one through 关联解除's rule, as a line does to make room.
      if (fill.state === "full") fill = await makeRoom(request, admin, box.code, 2);
      const room = fill.capacity - fill.held;
      // A partial box, or an empty one: earlier tests of a run may have filled the seeded partial ones.
      if ((fill.state !== "partial" && fill.state !== "empty") || room < 2) continue;
      const items = await freeItems(request, admin, order.id, order.code_batch_id!, room);
      if (items.length < room) continue;
      found = { order: order.id, box: box.code, fill, items };
      break;
    }
    if (found) break;
  }
  expect(found, "a seeded work order has an open box and free items to fill it").toBeDefined();
  const { order, box, fill, items } = found!;
  const packed = await ok<{ list: { child_code: string; parent_code: string }[] }>(
    request,
    admin,
    "/api/plant/packaginglinks/pagelist?page=1&size=1",
  );
  const elsewhere = packed.list[0];

  await signIn(page, "admin", `/packingstation?order_id=${order}&level=box`);
  const scanner = page.locator(".station-scanner");
  await expect(scanner).toBeFocused();

  await scan(page, box);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "opened");
  await expect(page.getByTestId("station-fill")).toHaveText(`${fill.held}/${fill.capacity}`);

  // A GS1 element string: the serial (21) is the item's code.
  await scan(page, `(01)09501101020917(21)${items[0]}`);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "ok");
  await expect(verdict(page)).toContainText(items[0]);
  await expect(page.getByTestId("station-fill")).toHaveText(`${fill.held + 1}/${fill.capacity}`);
  await expect(page.getByTestId("station-count")).toContainText("1");
  const okColour = await verdict(page).evaluate((element) => getComputedStyle(element).backgroundColor);

  // A code already in another box: refused with the server's words and what to do next.
  await scan(page, elsewhere.child_code);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "refused");
  await expect(verdict(page)).toContainText("Refused");
  await expect(verdict(page)).toContainText(elsewhere.parent_code);
  await expect(verdict(page)).toContainText("Set it aside and scan the next one");
  const refusedColour = await verdict(page).evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(refusedColour).not.toBe(okColour);
  await expect(page.getByTestId("station-fill")).toHaveText(`${fill.held + 1}/${fill.capacity}`);

  // Undo (F9): the item leaves the box through the unlink rule.
  await page.keyboard.press("F9");
  await expect(verdict(page)).toHaveAttribute("data-verdict", "undone");
  await expect(page.getByTestId("station-fill")).toHaveText(`${fill.held}/${fill.capacity}`);
  const [undone] = (
    await ok<{ list: Code[] }>(request, admin, `/api/tagging/tracecodes/pagelist?page=1&size=1&code=${items[0]}`)
  ).list;
  expect(undone.status).toBe("activated");

  // A click elsewhere does not take the scanner's focus.
  await page.locator(".station-figures").click();
  await expect(scanner).toBeFocused();

  // A Digital Link: /21/ is the item's code. Then the rest until the box is full.
  await scan(page, `https://id.example.com/01/09501101020917/21/${items[0]}`);
  await expect(verdict(page)).toHaveAttribute("data-verdict", items.length === 1 ? "complete" : "ok");
  for (const item of items.slice(1)) await scan(page, item);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "complete");
  await expect(verdict(page)).toContainText("Scan the next parent");
  await expect(page.getByTestId("station-unit")).toContainText("No parent open");
  const completeColour = await verdict(page).evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(new Set([okColour, refusedColour, completeColour]).size).toBe(3);
  const after = await ok<{ fill: Fill }>(request, admin, `/api/plant/packages/contents?code=${box}`);
  expect(after.fill).toMatchObject({ held: fill.capacity, state: "full" });
  // The list of links below shows what was done.
  await expect(page.locator(".ant-table-row").filter({ hasText: items.at(-1)! })).toHaveCount(1, { timeout: 10_000 });
});

test("packing station: the next box's fill is asked beside the last item's answer, not after it", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const orders = await producingOrders(request, admin);
  // Two boxes of one order that are not closed (room made through 关联解除 in a full one, as a line
  // does): the first to fill with the items it still takes, the second to open after it.
  let found: { order: number; box: string; items: string[]; next: string; nextFill: Fill } | undefined;
  for (const order of orders) {
    const boxes = await ok<{ list: Code[] }>(
      request,
      admin,
      `/api/tagging/tracecodes/pagelist?page=1&size=50&work_order_id=${order.id}&code_type=box&status=activated`,
    );
    const fills: { code: string; fill: Fill }[] = [];
    for (const box of boxes.list.filter((row) => row.waybill_id === null))
      fills.push({
        code: box.code,
        fill: (await ok<{ fill: Fill }>(request, admin, `/api/plant/packages/contents?code=${box.code}`)).fill,
      });
    const [first, next] = fills.filter(({ fill }) => ["empty", "partial", "full"].includes(fill.state));
    if (!first || !next) continue;
    const roomIn = async ({ code, fill }: { code: string; fill: Fill }) =>
      fill.state === "full" ? await makeRoom(request, admin, code, 1) : fill;
    const fill = await roomIn(first);
    const nextFill = await roomIn(next);
    const items = await freeItems(request, admin, order.id, order.code_batch_id!, fill.capacity - fill.held);
    if (items.length < fill.capacity - fill.held) continue;
    found = { order: order.id, box: first.code, items, next: next.code, nextFill };
    break;
  }
  expect(found, "a seeded work order has a box to fill and a second box to open").toBeDefined();
  const { order, box, items, next, nextFill } = found!;
  const last = items.at(-1)!;

  await signIn(page, "admin", `/packingstation?order_id=${order}&level=box`);
  await expect(page.locator(".station-scanner")).toBeFocused();
  await scan(page, box);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "opened");
  for (const item of items.slice(0, -1)) await scan(page, item);
  await expect(page.getByTestId("station-count")).toContainText(String(items.length - 1));

  // The last item's answer is held back; the next box is scanned behind it at once (each code put in
  // at once, as a scanner's burst, so the typing's own time on a slow host is not what is measured).
  const held: Route[] = [];
  let heldAt = 0;
  const hold = (route: Route) => {
    heldAt ||= Date.now();
    held.push(route);
  };
  await page.route("**/api/plant/packaginglinks/add", hold);
  await page.route("**/api/stations/batch", hold);
  let fillAskedAfter: number | undefined;
  const askFill = async (route: Route) => {
    if (route.request().method() === "GET" && route.request().url().includes(`code=${next}`))
      fillAskedAfter ??= heldAt ? Date.now() - heldAt : Infinity;
    await route.continue();
  };
  await page.route("**/api/plant/packages/contents?*", askFill);
  for (const code of [last, next]) {
    await page.keyboard.insertText(code);
    await page.keyboard.press("Enter");
  }
  await expect.poll(() => fillAskedAfter, { message: "the next box's fill asked" }).toBeDefined();
  // Asked while the answer was still on its way and before the station gives up waiting for it
  // (SCAN_ANSWER_MS, use-scan-queue.ts: then it queues the scan and goes on, which would also let a
  // fill asked only after the answers through).
  expect(held).toHaveLength(1);
  expect(fillAskedAfter!, "ms from the last item's call to the next box's fill").toBeLessThan(SCAN_ANSWER_MS);

  for (const route of held) await route.continue();
  await page.unroute("**/api/plant/packaginglinks/add", hold);
  await page.unroute("**/api/stations/batch", hold);
  await page.unroute("**/api/plant/packages/contents?*", askFill);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "opened");
  await expect(page.getByTestId("station-unit")).toContainText(next);
  await expect(page.getByTestId("station-fill")).toHaveText(`${nextFill.held}/${nextFill.capacity}`);
  const after = await ok<{ fill: Fill }>(request, admin, `/api/plant/packages/contents?code=${box}`);
  expect(after.fill.state).toBe("full");
});
