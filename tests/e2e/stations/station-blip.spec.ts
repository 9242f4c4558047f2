// A network blip at 码激活工位: the station's calls fail for a few scans (and a reload in the
// middle), scanning goes on into the browser's queue, which the station shows; when the network is
// back the queue is sent by itself, and every scan reaches the server exactly once, in the order
// scanned, each attempt of a scan carrying the one idempotency key made when it was scanned; a scan
// the server refuses on replay (a code scanned twice) is listed until the operator clears it.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { ok, tokenOf } from "../org/org-helpers";
import { codeState } from "../logistics/logistics-helpers";
import { callsTo, cutStationCalls, restoreStationCalls } from "./station-calls";

const SCAN_CALL = "**/api/plant/codeactivations/add";

async function scan(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press("Enter");
}

/**
 * An in-progress work order and `count` generated item codes nobody has used yet (of any batch, as
 * the other stations' stock takes them, so the tests before this one cannot have used them all).
 */
async function freshCodes(request: APIRequestContext, token: string, count: number) {
  const [workOrder] = (
    await ok<{ list: { id: number }[] }>(
      request,
      token,
      "/api/plant/productionorders/pagelist?page=1&size=1&status=in_progress",
    )
  ).list;
  expect(workOrder, "a work order in production").toBeDefined();
  const { list } = await ok<{ list: { code: string }[] }>(
    request,
    token,
    `/api/tagging/tracecodes/pagelist?page=1&size=${count}&status=generated&code_type=item`,
  );
  expect(list, `${count} unused item codes in the seed`).toHaveLength(count);
  return { order: workOrder.id, codes: list.map((row) => row.code) };
}

test("station blip: scans queue while the network is down, survive a reload and arrive once each, in order", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const { order, codes } = await freshCodes(request, admin, 8);
  const attempts: { code: string; key: string | undefined }[] = [];
  page.on("request", (sent) => {
    for (const { body, key } of callsTo(sent, "/api/plant/codeactivations/add"))
      attempts.push({ code: body.first_code as string, key });
  });

  await signIn(page, "admin", `/activationstation?work_order_id=${order}&level=item`);
  await expect(page.locator(".station-scanner")).toBeFocused();
  const verdict = page.locator(".station-verdict");
  const queue = page.getByTestId("station-queue");
  const count = page.getByTestId("station-count");

  await scan(page, codes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await scan(page, codes[1]);
  await expect(count).toContainText("2");
  await expect(queue).toBeHidden();

  // The network goes: the station's calls never reach the server.
  await cutStationCalls(page, SCAN_CALL);
  for (const code of codes.slice(2, 5)) {
    await scan(page, code);
    await expect(verdict).toContainText(code);
    await expect(verdict).toHaveAttribute("data-verdict", "queued");
  }
  await expect(queue).toContainText("Waiting to be sent: 3");
  await expect(queue).toContainText("No connection to the server");
  await expect(count).toContainText("2");

  // A reload while offline keeps the queue (IndexedDB), and scanning goes on behind it.
  await page.reload();
  await expect(page.locator(".station-scanner")).toBeFocused();
  await expect(queue).toContainText("Waiting to be sent: 3");
  await scan(page, codes[5]);
  await expect(verdict).toHaveAttribute("data-verdict", "queued");
  // A code already activated is kept too: only the server can say no, and it will once it is reached.
  await scan(page, codes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "queued");
  await expect(queue).toContainText("Waiting to be sent: 5");
  const sentWhileDown = await ok<{ total: number }>(
    request,
    admin,
    `/api/tagging/tracecodes/pagelist?page=1&size=1&code=${codes[2]}&status=activated`,
  );
  expect(sentWhileDown.total, "nothing queued reached the server while it was unreachable").toBe(0);

  // The network is back: the queue is sent by itself (backoff, no click), then scans go straight through.
  await restoreStationCalls(page, SCAN_CALL);
  await expect(queue).toBeHidden({ timeout: 30_000 });
  await expect(count).toContainText("4");
  // The scan refused on replay is listed with the server's word until the operator clears it.
  const refused = page.getByTestId("station-replay-refused");
  await expect(refused).toContainText(codes[0]);
  await expect(refused).toContainText("Refused after waiting (1)");
  await refused.getByRole("button", { name: "Cleared" }).click();
  await expect(refused).toHaveCount(0);
  await scan(page, codes[6]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await scan(page, codes[7]);
  await expect(verdict).toContainText(codes[7]);
  await expect(count).toContainText("6");
  await expect(page.getByTestId("station-replay-refused")).toHaveCount(0);

  // Each scan kept one key through all its attempts; no two scans shared one.
  const codeOfKey = new Map<string | undefined, string>();
  for (const { code, key } of attempts) {
    expect(key, `${code}: a UUID key`).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(codeOfKey.get(key) ?? code, `key ${key}: one scan`).toBe(code);
    codeOfKey.set(key, code);
  }
  expect([...codeOfKey.values()], "one key a scan, first sent in the order scanned").toEqual([
    ...codes.slice(0, 6),
    codes[0],
    ...codes.slice(6),
  ]);
  // The first scan of the blip was tried again and again; those behind it waited their turn.
  const firstQueued = attempts.find((attempt) => attempt.code === codes[2])!.key;
  expect(attempts.filter((attempt) => attempt.key === firstQueued).length).toBeGreaterThan(2);

  // The server has each scan exactly once, in the order scanned.
  const ids: number[] = [];
  for (const code of codes) {
    const { list } = await ok<{ list: { id: number; first_code: string; work_order_id: number }[] }>(
      request,
      admin,
      `/api/plant/codeactivations/pagelist?page=1&size=10&first_code=${code}`,
    );
    const rows = list.filter((row) => row.first_code === code);
    expect(rows, `${code}: activated once`).toHaveLength(1);
    expect(rows[0].work_order_id).toBe(order);
    ids.push(rows[0].id);
  }
  expect(ids, "activations in the order scanned").toEqual([...ids].sort((a, b) => a - b));
});

test("station blip: the browser going offline queues the scans, and coming back online sends them at once", async ({
  page,
  context,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const { order, codes } = await freshCodes(request, admin, 3);
  await signIn(page, "admin", `/activationstation?work_order_id=${order}&level=item`);
  await expect(page.locator(".station-scanner")).toBeFocused();
  const verdict = page.locator(".station-verdict");
  const queue = page.getByTestId("station-queue");

  await scan(page, codes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await context.setOffline(true);
  // The station says so before a scan fails.
  await expect(queue).toContainText("No connection to the server");
  await scan(page, codes[1]);
  await scan(page, codes[2]);
  await expect(queue).toContainText("Waiting to be sent: 2");
  // Offline long enough for the backoff to reach its longer waits (1 + 2 + 4 s: the next is 8 s away).
  await page.waitForTimeout(7500);
  await expect(queue).toContainText("Waiting to be sent: 2");
  await context.setOffline(false);
  // The browser's "online" sends the queue now, well before the next retry would.
  await expect(queue).toBeHidden({ timeout: 5000 });
  await expect(page.getByTestId("station-count")).toContainText("3");
  for (const code of codes) expect((await codeState(request, admin, code)).status, code).toBe("activated");
});

test("station blip: a scan the server applied but whose answer was lost is sent again with its key and shown accepted, not refused", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const { order, codes } = await freshCodes(request, admin, 2);
  const answers: { key: string | undefined; status: number; replayed: boolean }[] = [];
  page.on("response", (answer) => {
    if (!answer.url().includes("/api/plant/codeactivations/add")) return;
    answers.push({
      key: answer.request().headers()["idempotency-key"],
      status: answer.status(),
      replayed: answer.headers()["idempotent-replayed"] === "true",
    });
  });
  await signIn(page, "admin", `/activationstation?work_order_id=${order}&level=item`);
  await expect(page.locator(".station-scanner")).toBeFocused();
  const verdict = page.locator(".station-verdict");

  // The first attempt reaches the server, which activates the code; its answer never reaches the page.
  let lost = 0;
  await page.route(SCAN_CALL, async (route) => {
    if (lost > 0) return await route.continue();
    lost += 1;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await scan(page, codes[0]);
  await expect(page.getByTestId("station-queue")).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId("station-count")).toContainText("1");
  await expect(page.getByTestId("station-replay-refused")).toHaveCount(0);
  expect((await codeState(request, admin, codes[0])).status).toBe("activated");
  // The retry carried the first attempt's key and got the server's first answer again.
  expect(answers, "the retry's answer").toEqual([{ key: expect.any(String), status: 200, replayed: true }]);
  expect(lost).toBe(1);

  await scan(page, codes[1]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(page.getByTestId("station-count")).toContainText("2");
  const { list } = await ok<{ list: { first_code: string }[] }>(
    request,
    admin,
    `/api/plant/codeactivations/pagelist?page=1&size=10&first_code=${codes[0]}`,
  );
  expect(
    list.filter((row) => row.first_code === codes[0]),
    "activated once",
  ).toHaveLength(1);
});
