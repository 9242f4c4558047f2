// 成品交接工位 at scanner speed: each scanned package moves from the line to the warehouse in the
// station's address; an item code is refused with the server's words and what to do next.
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { ok, tokenOf } from "../org/org-helpers";

async function scan(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press("Enter");
}

interface Code {
  code: string;
  waybill_id: number | null;
}

test("handover station: a package is handed over per scan; an item code is refused", async ({ page, request }) => {
  const admin = await tokenOf(request, "admin");
  const lines = await ok<{ list: { id: number }[] }>(
    request,
    admin,
    "/api/plant/productionlines/pagelist?page=1&size=1",
  );
  const warehouses = await ok<{ list: { id: number }[] }>(
    request,
    admin,
    "/api/base/warehouses/pagelist?page=1&size=1",
  );
  // A box in the plant (in no case, on no waybill) holding items and never handed over.
  const boxes = await ok<{ list: Code[] }>(
    request,
    admin,
    "/api/tagging/tracecodes/pagelist?page=1&size=100&code_type=box&status=activated",
  );
  let box: string | undefined;
  for (const candidate of boxes.list.filter((row) => row.waybill_id === null)) {
    const detail = await ok<{ timeline: { kind: string }[] }>(
      request,
      admin,
      `/api/tagging/tracecodes/lookup?code=${candidate.code}`,
    );
    const { fill } = await ok<{ fill: { held: number } }>(
      request,
      admin,
      `/api/plant/packages/contents?code=${candidate.code}`,
    );
    if (fill.held > 0 && !detail.timeline.some((event) => event.kind === "handover")) {
      box = candidate.code;
      break;
    }
  }
  expect(box, "a seeded box in the plant that was never handed over").toBeDefined();
  const item = (
    await ok<{ list: Code[] }>(
      request,
      admin,
      "/api/tagging/tracecodes/pagelist?page=1&size=1&code_type=item&status=packed",
    )
  ).list[0].code;

  await signIn(page, "admin", `/handoverstation?line_id=${lines.list[0].id}&warehouse_id=${warehouses.list[0].id}`);
  await expect(page.locator(".station-scanner")).toBeFocused();
  const verdict = page.locator(".station-verdict");

  await scan(page, box!);
  await expect(verdict).toHaveAttribute("data-verdict", "ok");
  await expect(verdict).toContainText(box!);
  await expect(page.getByTestId("station-count")).toContainText("1");

  await scan(page, item);
  await expect(verdict).toHaveAttribute("data-verdict", "refused");
  await expect(verdict).toContainText("Set it aside and scan the next one");
  await expect(page.getByTestId("station-count")).toContainText("1");

  const after = await ok<{ timeline: { kind: string }[] }>(
    request,
    admin,
    `/api/tagging/tracecodes/lookup?code=${box}`,
  );
  expect(after.timeline.some((event) => event.kind === "handover")).toBe(true);
});
