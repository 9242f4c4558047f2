// A record's show screen offers the manifest's row actions that apply to it, each behind its
// button's permission code, as its list row does: on a running work order, Finish, Close and
// Export EPCIS (a download of a contract call), but not Start, which applies to planned orders only.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { ok, tokenOf } from "../org/org-helpers";

test("工单详情: a running work order's actions are buttons on its show screen, and Export EPCIS saves its document", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const orders = await ok<{ list: { id: number; order_no: string; produced_qty: number }[] }>(
    request,
    admin,
    "/api/plant/productionorders/pagelist?page=1&size=50&status=in_progress",
  );
  const workOrder = orders.list.find((candidate) => candidate.produced_qty > 0)!;
  await signIn(page, "admin", `/orderlist/show/${workOrder.id}`);
  const screen = visiblePage(page);
  await expect(screen.getByText(workOrder.order_no).first()).toBeVisible();
  await expect(screen.getByRole("button", { name: "Finish" })).toBeVisible();
  await expect(screen.getByRole("button", { name: "Close work order" })).toBeVisible();
  await expect(screen.getByRole("button", { name: "Start production" })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    screen.getByRole("button", { name: "Export EPCIS" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${workOrder.order_no}-epcis.json`);
  const document = JSON.parse(await readFile(await download.path(), "utf8")) as { type: string; schemaVersion: string };
  expect(document).toMatchObject({ type: "EPCISDocument", schemaVersion: "2.0" });
});
