// 码查询 and 包装箱码查询 in the console: a packed item's detail with its packages up to the outermost
// and its timeline as the ledger holds it (oldest first), the way from the item to its box's
// contents, and an unknown code told as such; a shipped item's and its box's logistics (waybill,
// dealer and its regions, warehouse) beside their packages, the waybill opening its own detail.
// The expected figures come from the server's calls.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { api, tokenOf } from "../org/org-helpers";

interface Detail {
  code: string;
  url: string;
  work_order: { id: number; name: string };
  parents: { code: string; level: string }[];
  timeline: { kind: string }[];
}
interface Logistics {
  waybill: { id: number; name: string };
  dealer: { id: number; name: string };
  authorised_regions: ({ code: string; name: string | null } | null)[];
  shipped_at: string;
  warehouse: { id: number; name: string };
}
interface Contents {
  children: { code: string }[];
  fill: { held: number; capacity: number | null; state: string };
  counts: { level: string; count: number }[];
}

test("码查询: a packed item's state, packages and ledger timeline; its box's contents; an unknown code", async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await tokenOf(request, "admin");
  const packed = (
    await api(request, admin, "/api/tagging/tracecodes/pagelist?page=1&size=1&status=packed&code_type=item")
  ).data as { list: { code: string; parent_code: string }[] };
  const item = packed.list[0];
  const detail = (await api(request, admin, `/api/tagging/tracecodes/lookup?code=${item.code}`)).data as Detail;
  expect(detail.timeline.length).toBeGreaterThanOrEqual(3);

  await signIn(page, "admin", `/home/tagging/codequery?code=${item.code}`);
  await expect(page.getByTestId("code-status")).toHaveText("Packed");
  const chain = page.getByTestId("parent-chain");
  for (const parent of detail.parents) await expect(chain).toContainText(parent.code);
  const events = page.getByTestId("timeline-event");
  await expect(events).toHaveCount(detail.timeline.length);
  expect(await events.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-kind")))).toEqual(
    detail.timeline.map((event) => event.kind),
  );
  await expect(events.first()).toContainText("Issued");
  await expect(events.nth(1)).toContainText("Activated");
  await expect(page.getByTestId("code-logistics")).toHaveText("Has not left on a waybill");

  // Its consumer URL (the rule's template) on the origin the server is reached at (PUBLIC_ORIGIN, set to
  // baseURL by playwright.config.ts), and the QR code a label would carry.
  await expect(page.getByTestId("code-url")).toHaveText(new URL(`/m/q/${item.code}`, baseURL).href);
  expect(detail.url).toBe(new URL(`/m/q/${item.code}`, baseURL).href);
  // That address is this server's: it answers the consumer page there (fetched, so no scan is counted).
  const consumerPage = await request.get(detail.url);
  expect(consumerPage.status()).toBe(200);
  expect(consumerPage.headers()["content-type"]).toContain("text/html");
  await expect(page.getByTestId("code-qr").locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(page.getByTestId("code-qr").locator("img")).toHaveAttribute("alt", detail.url);

  // Its chain as an EPCIS 2.0 document: the commissioning of this code is in it.
  const [epcis] = await Promise.all([page.waitForEvent("download"), page.getByTestId("epcis-export").click()]);
  expect(epcis.suggestedFilename()).toBe(`${item.code}-epcis.json`);
  const document = JSON.parse(await readFile(await epcis.path(), "utf8")) as {
    type: string;
    epcisBody: { eventList: { epcList?: string[]; childEPCs?: string[] }[] };
  };
  expect(document.type).toBe("EPCISDocument");
  expect(JSON.stringify(document.epcisBody.eventList)).toContain(item.code);

  // 原料查询 of the code's work order: the list filtered to it.
  await visiblePage(page).getByRole("link", { name: "Material usage records" }).click();
  await expect(page).toHaveURL(new RegExp(`/materialquery\\?.*filters\\[0\\]\\[value\\]=${detail.work_order.id}`));
  await expect(
    visiblePage(page)
      .locator(".ant-form-item")
      .filter({ hasText: "Work order" })
      .first()
      .locator(".ant-select-selection-item"),
  ).toHaveText(detail.work_order.name);
  await page.goBack();

  // From the item to its box: the box's contents list the item, with its fill and counts.
  const box = (await api(request, admin, `/api/plant/packages/contents?code=${item.parent_code}`)).data as Contents;
  await visiblePage(page).getByTestId("parent-chain").getByRole("link", { name: item.parent_code }).click();
  await expect(page).toHaveURL(new RegExp(`/packagequery\\?code=${item.parent_code}`));
  await expect(page.getByTestId("package-children").locator(".ant-table-row")).toHaveCount(box.children.length);
  await expect(page.getByTestId("package-children")).toContainText(item.code);
  await expect(page.getByTestId("package-fill")).toContainText(`${box.fill.held}/${box.fill.capacity}`);
  await expect(page.getByTestId("package-counts")).toContainText(
    `Item code × ${box.counts.find((count) => count.level === "item")!.count}`,
  );

  // An unknown code: the server's answer, no detail.
  await page.goto("/home/tagging/codequery");
  const lookup = visiblePage(page);
  await lookup.getByPlaceholder("Enter a trace code").fill("NOSUCHCODE0");
  await lookup.getByPlaceholder("Enter a trace code").press("Enter");
  await expect(page).toHaveURL(/codequery\?code=NOSUCHCODE0/);
  await expect(lookup.getByTestId("lookup-error")).toContainText("no such code");
  await expect(lookup.getByTestId("timeline-event")).toHaveCount(0);
});

test("码查询 and 包装箱码查询: a shipped item's and its box's waybill, dealer, regions and warehouse", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const shipped = (
    await api(request, admin, "/api/tagging/tracecodes/pagelist?page=1&size=50&status=shipped&code_type=item")
  ).data as { list: { code: string; parent_code: string | null }[] };
  const item = shipped.list.find((row) => row.parent_code)!;
  expect(item, "the seed ships boxes of items").toBeTruthy();
  const { logistics } = (await api(request, admin, `/api/tagging/tracecodes/lookup?code=${item.code}`)).data as {
    logistics: Logistics;
  };
  expect(logistics.authorised_regions.length, "the seed's dealers hold regions").toBeGreaterThan(0);
  const regions = logistics.authorised_regions.map((region) => region?.name ?? region?.code ?? "").join(", ");

  const expectLogistics = async () => {
    const block = visiblePage(page).getByTestId("code-logistics");
    await expect(block.getByTestId("logistics-waybill")).toHaveText(logistics.waybill.name);
    await expect(block.getByTestId("logistics-dealer")).toHaveText(logistics.dealer.name);
    await expect(block.getByTestId("logistics-warehouse")).toHaveText(logistics.warehouse.name);
    await expect(block.getByTestId("logistics-regions")).toHaveText(regions);
    await expect(block).toContainText("Shipped at");
  };
  await signIn(page, "admin", `/home/tagging/codequery?code=${item.code}`);
  await expect(page.getByTestId("code-status")).toHaveText("Shipped");
  await expectLogistics();

  // Its box left on the same waybill; the waybill opens its own detail.
  await visiblePage(page).getByTestId("parent-chain").getByRole("link", { name: item.parent_code! }).click();
  await expect(page).toHaveURL(new RegExp(`/packagequery\\?code=${item.parent_code}`));
  await expectLogistics();
  await visiblePage(page).getByTestId("logistics-waybill").click();
  await expect(page).toHaveURL(new RegExp(`/freight/show/${logistics.waybill.id}$`));
  await expect(visiblePage(page)).toContainText(logistics.waybill.name);
  await expect(visiblePage(page)).toContainText(logistics.dealer.name);
});
