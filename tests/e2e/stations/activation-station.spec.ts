// 码激活工位 at scanner speed: codes activated one scan each as they come off the line, under the
// work order and level in the station's address; a code scanned twice is refused with the server's
// words and what to do next, and the count keeps only what the ledger accepted.
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { ok, tokenOf } from "../org/org-helpers";

async function scan(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press("Enter");
}

test("activation station: each scan activates a code; a second scan of one is refused", async ({ page, request }) => {
  const admin = await tokenOf(request, "admin");
  const orders = await ok<{ list: { id: number; code_batch_id: number | null }[] }>(
    request,
    admin,
    "/api/plant/productionorders/pagelist?page=1&size=50&status=in_progress",
  );
  let found: { order: number; codes: string[] } | undefined;
  for (const order of orders.list.filter((row) => row.code_batch_id !== null)) {
    const generated = await ok<{ list: { code: string }[] }>(
      request,
      admin,
      `/api/tagging/tracecodes/pagelist?page=1&size=3&batch_id=${order.code_batch_id}&code_type=item&status=generated`,
    );
    if (generated.list.length === 3) {
      found = { order: order.id, codes: generated.list.map((row) => row.code) };
      break;
    }
  }
  expect(found, "a seeded in-progress work order has generated item codes").toBeDefined();
  const { order, codes } = found!;

  // A 6-inch phone: the scanner, the verdict and the count fit its width.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "admin", `/activationstation?work_order_id=${order}&level=item`);
  await expect(page.locator(".station-scanner")).toBeFocused();
  for (const part of [".station-scanner", ".station-verdict", ".station-figures"]) {
    const box = (await page.locator(part).boundingBox())!;
    expect(box.x + box.width, part).toBeLessThanOrEqual(390);
  }
  const verdict = page.locator(".station-verdict");

  await scan(page, codes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(verdict).toContainText(codes[0]);
  // A raw GS1 element string behind a DataMatrix identifier, with the group separator.
  await scan(page, `]d20109501101020917` + `21${codes[1]}\u001d10LOT7`);
  await expect(verdict).toContainText(codes[1]);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(page.getByTestId("station-count")).toContainText("2");

  await scan(page, codes[0]);
  await expect(verdict).toHaveAttribute("data-verdict", "refused");
  await expect(verdict).toContainText("Set it aside and scan the next one");
  await expect(page.getByTestId("station-count")).toContainText("2");

  for (const code of codes.slice(0, 2)) {
    const [row] = (
      await ok<{ list: { status: string; work_order_id: number }[] }>(
        request,
        admin,
        `/api/tagging/tracecodes/pagelist?page=1&size=1&code=${code}`,
      )
    ).list;
    expect(row).toMatchObject({ status: "activated", work_order_id: order });
  }
});
