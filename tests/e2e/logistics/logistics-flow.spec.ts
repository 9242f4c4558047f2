// The logistics flow in the console, packages of every level: a case (two boxes) shipped to one dealer,
// a pallet (a case of a box) to another; refused adds with their reasons (a box inside the case, an
// empty box, a voided code; then a code already on another waybill, a box inside the shipped
// pallet, a code never activated, an unknown code); 换货 swaps a box for another on the shipped
// waybill; 解绑运单 brings the pallet back, and 仓库发货 no longer counts it for that dealer; 退货
// of one box out of the shipped case is unpacked from it at the dealer and received (the case keeps
// the other box; market stock, 退货报表 and the box's history follow); 退货 of the case by the wrong
// dealer is refused naming both, by the right one received, and 退货报表 shows it with its RMA;
// 退货解绑 frees the case, which is reshipped to the other dealer, who opens it (经销商拆包). Each
// step is checked against the codes' attribution, and the case's lookup shows its history as the
// ledger holds it. The packages are built through the API (the packing screens have their own
// browser tests); every logistics step is the console's.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { choose, formControl, ok, stamp, tokenOf } from "../org/org-helpers";
import { signIn, visiblePage } from "../shell/helpers";
import { codeState } from "./logistics-helpers";

const rows = (page: Page) => visiblePage(page).locator(".ant-table-tbody tr.ant-table-row");
const saveIn = (page: Page) =>
  visiblePage(page)
    .locator(".ant-card")
    .filter({ has: page.getByRole("button", { name: "Save" }) });

interface Dealer {
  id: number;
  dealer_name: string;
  dealer_code: string;
}

/** Fresh packages of a seeded in-progress work order's product: activated, packed as asked. */
async function buildPackages(request: APIRequestContext, token: string) {
  const orders = (
    await ok<{ list: { id: number; product_id: number }[] }>(
      request,
      token,
      "/api/plant/productionorders/pagelist?page=1&size=1&status=in_progress",
    )
  ).list;
  const workOrder = orders[0];
  const hierarchy = (
    await ok<{ list: { level: string; child_level: string; ratio: number }[] }>(
      request,
      token,
      `/api/base/packagehierarchies/pagelist?page=1&size=50&product_id=${workOrder.product_id}`,
    )
  ).list;
  for (const [level, child_level] of [
    ["box", "item"],
    ["case", "box"],
    ["pallet", "case"],
  ]) {
    const held = hierarchy.find((row) => row.level === level && row.child_level === child_level);
    if (held) expect(held.ratio, `${level} of ${child_level}: room for two`).toBeGreaterThanOrEqual(2);
    else
      await ok(request, token, "/api/base/packagehierarchies/add", {
        product_id: workOrder.product_id,
        level,
        child_level,
        ratio: 4,
      });
  }
  const fresh = async (level: string, count: number) => {
    const { list } = await ok<{ list: { code: string }[] }>(
      request,
      token,
      `/api/tagging/tracecodes/pagelist?page=1&size=${count}&status=generated&code_type=${level}`,
    );
    expect(list, `${count} unused ${level} codes in the seed`).toHaveLength(count);
    for (const { code } of list)
      await ok(request, token, "/api/plant/codeactivations/add", {
        work_order_id: workOrder.id,
        level,
        first_code: code,
      });
    return list.map((row) => row.code);
  };
  const pack = (parent: string, child: string, level: string) =>
    ok(request, token, "/api/plant/packaginglinks/add", {
      parent_code: parent,
      child_code: child,
      level,
      order_id: workOrder.id,
    });
  const items = await fresh("item", 6);
  const boxes = await fresh("box", 6);
  const cases = await fresh("case", 2);
  const [pallet] = await fresh("pallet", 1);
  for (let index = 0; index < 5; index += 1) await pack(boxes[index], items[index], "box");
  await pack(cases[0], boxes[0], "case");
  await pack(cases[0], boxes[1], "case");
  await pack(cases[1], boxes[2], "case");
  await pack(pallet, cases[1], "pallet");
  // boxes[3] and boxes[4] hold one item each, loose; boxes[5] is empty. items[5]'s label is
  // replaced, so it is voided.
  const [label] = (
    await ok<{ list: { code: string }[] }>(
      request,
      token,
      "/api/tagging/tracecodes/pagelist?page=1&size=1&status=generated&code_type=item",
    )
  ).list;
  await ok(request, token, "/api/plant/packagingreplacements/add", {
    old_code: items[5],
    new_code: label.code,
    reason: "标签破损",
  });
  return { items, boxes, cases, pallet: pallet, voided: items[5] };
}

test("a case and a pallet shipped to two dealers; refused adds; exchange, unbind; return by the wrong and the right dealer; free and reship", async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const token = await tokenOf(request, "admin");
  // Two dealers whose names no other dealer shares (the select picks a dealer by its name).
  const named: Dealer[] = [];
  for (const dealer of (await ok<{ list: Dealer[] }>(request, token, "/api/base/dealers/pagelist?page=1&size=20"))
    .list) {
    const same = await ok<{ total: number }>(
      request,
      token,
      `/api/base/dealers/pagelist?page=1&size=1&dealer_name=${encodeURIComponent(dealer.dealer_name)}`,
    );
    if (same.total === 1 && named.length < 2) named.push(dealer);
  }
  const [dealerA, dealerB] = named as [Dealer, Dealer];
  expect(dealerB, "two dealers with names of their own").toBeDefined();
  const [warehouse] = (
    await ok<{ list: { id: number }[] }>(request, token, "/api/base/warehouses/pagelist?page=1&size=1")
  ).list;
  const { items, boxes, cases, pallet, voided } = await buildPackages(request, token);
  const tag = stamp().toUpperCase();
  const waybill = (no: string, dealer: Dealer) =>
    ok<{ id: number }>(request, token, "/api/physical/waybills/add", {
      waybill_no: no,
      dealer_id: dealer.id,
      warehouse_id: warehouse.id,
      ship_date: "2024-06-01",
    });
  const [toA, toB] = [`WA-${tag}`, `WB-${tag}`];
  await waybill(toA, dealerA);
  await waybill(toB, dealerB);

  /** 扫码加入运单: one code onto a waybill; `refusal`, when given, is the reason the form shows. */
  const addCode = async (waybillNo: string, code: string, refusal?: string) => {
    await page.goto("/boxcode/create");
    const form = saveIn(page);
    await choose(formControl(form, "Waybill"), waybillNo);
    await formControl(form, "Code").fill(code);
    await form.getByRole("button", { name: "Save" }).click();
    if (refusal) await expect(visiblePage(page)).toContainText(refusal);
    else await expect(page).toHaveURL(/\/boxcode(\?|$)/);
  };
  const ship = async (waybillNo: string) => {
    await page.goto(
      `/freight?pageSize=10&currentPage=1&filters[0][field]=waybill_no&filters[0][operator]=contains&filters[0][value]=${waybillNo}`,
    );
    const row = rows(page).filter({ hasText: waybillNo });
    await row.getByRole("button", { name: "Ship" }).click();
    await page.locator(".ant-popconfirm:visible").getByRole("button", { name: "OK" }).click();
    await expect(row).toContainText("Shipped");
  };
  /** A create form of the logistics logs, its text fields filled by label; the caller saves it. */
  const submit = async (path: string, fields: Record<string, string>) => {
    await page.goto(`${path}/create`);
    const form = saveIn(page);
    for (const [label, value] of Object.entries(fields)) await formControl(form, label).fill(value);
    return form;
  };
  /** A report screen filtered through its address (exact values), once its query has answered: its rows and their column sums. */
  const reportScreen = async (path: string, name: string, filters: Record<string, string | number>) => {
    const address = Object.entries(filters)
      .map(
        ([field, value], index) =>
          `filters[${index}][field]=${field}&filters[${index}][operator]=eq&filters[${index}][value]=${encodeURIComponent(String(value))}`,
      )
      .join("&");
    const answered = page.waitForResponse((response) => response.url().includes(`/api/report/${name}/query`));
    await page.goto(`${path}?${address}`);
    await answered;
    const table = visiblePage(page).locator(".ant-table").first();
    const tableRows = table.locator("tbody tr.ant-table-row");
    const sum = async (header: string) => {
      const headers = (await table.locator("thead th").allInnerTexts()).map((text) => text.trim());
      const index = headers.indexOf(header);
      expect(index, `column ${header} in ${headers.join(", ")}`).toBeGreaterThanOrEqual(0);
      const cells = await tableRows.locator(`td:nth-child(${index + 1})`).allInnerTexts();
      return cells.reduce((total, text) => total + Number(text.replace(/,/g, "")), 0);
    };
    return { table, rows: tableRows, sum };
  };
  /** 仓库发货 for one dealer from the report call: items and pallets over all days. */
  const shippedTo = async (dealer: Dealer) => {
    const { list } = await ok<{ list: { dealer_id: number; items: number; pallets: number }[] }>(
      request,
      token,
      `/api/report/shipmentsreport/query?dealer_id=${dealer.id}`,
    );
    expect(
      list.every((row) => row.dealer_id === dealer.id),
      "the report call filtered to the dealer",
    ).toBe(true);
    return {
      items: list.reduce((sum, row) => sum + row.items, 0),
      pallets: list.reduce((sum, row) => sum + row.pallets, 0),
    };
  };

  await signIn(page, "admin", "/boxcode");

  await test.step("扫码加入运单: a box inside the case, an empty box and a voided code are refused with their reasons", async () => {
    await addCode(
      toA,
      boxes[0],
      `${boxes[0]} is packed in case ${cases[0]}; ship the case, or unpack ${boxes[0]} first`,
    );
    await addCode(toA, boxes[5], `${boxes[5]} is an empty box: it holds no items`);
    await addCode(toA, voided, `${voided} is voided`);
  });

  // What 仓库发货 counted for dealer B before the pallet: the seed's and earlier tests' shipments.
  const shippedToBBefore = await shippedTo(dealerB);

  await test.step("the case and a loose box go to dealer A, the pallet to dealer B; shipped from 运单管理", async () => {
    await addCode(toA, cases[0]);
    await addCode(toA, boxes[3]);
    await addCode(toB, pallet);
    await ship(toA);
    await ship(toB);
    expect(await codeState(request, token, items[0])).toMatchObject({ status: "shipped", dealer_id: dealerA.id });
    expect(await codeState(request, token, items[2])).toMatchObject({ status: "shipped", dealer_id: dealerB.id });
    // The pallet (case, box, one item) counts in 仓库发货 for dealer B.
    expect(await shippedTo(dealerB)).toEqual({
      items: shippedToBBefore.items + 1,
      pallets: shippedToBBefore.pallets + 1,
    });
  });

  await test.step("扫码加入运单: a code already on another waybill, a box inside the shipped pallet, a code never activated, an unknown code — each refused with its reason", async () => {
    const toD = `WD-${tag}`;
    const draft = await waybill(toD, dealerA);
    const [unused] = (
      await ok<{ list: { code: string }[] }>(
        request,
        token,
        "/api/tagging/tracecodes/pagelist?page=1&size=1&status=generated&code_type=item",
      )
    ).list;
    const unknown = `ZZ${tag}0000`;
    await addCode(toD, cases[0], `${cases[0]} is already on waybill ${toA}`);
    await addCode(toD, boxes[2], `${boxes[2]} is inside ${pallet}, which is already on waybill ${toB}`);
    await addCode(toD, unused.code, `${unused.code} is not activated`);
    await addCode(toD, unknown, `${unknown} is not a known trace code`);
    // Nothing went onto the draft, and the refused codes are as they were.
    expect(
      (
        await ok<{ total: number }>(
          request,
          token,
          `/api/physical/waybillcodes/pagelist?page=1&size=1&waybill_id=${draft.id}`,
        )
      ).total,
    ).toBe(0);
    expect(await codeState(request, token, unused.code)).toMatchObject({ status: "generated", waybill_id: null });
    expect(await codeState(request, token, boxes[2])).toMatchObject({ status: "shipped", dealer_id: dealerB.id });
  });

  await test.step("换货: the loose box is swapped for another on the shipped waybill; attribution moves with it", async () => {
    const form = await submit("/barter", {
      "Code taken back": boxes[3],
      "Replacement code": boxes[4],
      Reason: "外箱破损",
    });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/barter(\?|$)/);
    expect(await codeState(request, token, items[3])).toMatchObject({
      status: "packed",
      dealer_id: null,
      waybill_id: null,
    });
    expect(await codeState(request, token, items[4])).toMatchObject({ status: "shipped", dealer_id: dealerA.id });
  });

  await test.step("解绑运单: the pallet's waybill is unbound; everything on it is back in stock, packed as it was", async () => {
    const form = await submit("/RDCdissociated", { "Unlinked code": pallet, Reason: "司机未提货" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/RDCdissociated(\?|$)/);
    expect(await codeState(request, token, pallet)).toMatchObject({ status: "activated", dealer_id: null });
    expect(await codeState(request, token, items[2])).toMatchObject({ status: "packed", dealer_id: null });
    await page.goto(
      `/freight?pageSize=10&currentPage=1&filters[0][field]=waybill_no&filters[0][operator]=contains&filters[0][value]=${toB}`,
    );
    await expect(rows(page).filter({ hasText: toB })).toContainText("Unbound");
  });

  await test.step("仓库发货 after the unbinding: dealer B's figures are back to what they were before the pallet", async () => {
    const screen = await reportScreen("/shipments", "shipmentsreport", { dealer_id: dealerB.id });
    const shown = await screen.rows.count();
    for (let index = 0; index < shown; index += 1)
      await expect(screen.rows.nth(index)).toContainText(dealerB.dealer_name);
    expect({ items: await screen.sum("Items shipped"), pallets: await screen.sum("Pallets") }).toEqual(
      shippedToBBefore,
    );
    expect(await shippedTo(dealerB)).toEqual(shippedToBBefore);
  });

  /** 市场存量 for one dealer from the report call: the items out there now. */
  const marketOf = async (dealer: Dealer) =>
    (
      await ok<{ list: { items: number }[] }>(request, token, `/api/report/marketreport/query?dealer_id=${dealer.id}`)
    ).list.reduce((sum, row) => sum + row.items, 0);

  const partialRma = `RMA-P${tag}`;
  await test.step("退货 of one box out of dealer A's shipped case: unpacked from the case at the dealer, then received; the case keeps the other box", async () => {
    const marketBefore = await marketOf(dealerA);
    const form = await submit("/refund", { "RMA no.": partialRma, "Returned codes": boxes[1], Reason: "外箱破损" });
    await choose(formControl(form, "Dealer"), dealerA.dealer_name);
    await choose(formControl(form, "Receiving warehouse"), "");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/refund(\?|$)/);
    expect(await codeState(request, token, boxes[1])).toMatchObject({ status: "returned", parent_code: null });
    expect(await codeState(request, token, items[1])).toMatchObject({ status: "returned", parent_code: boxes[1] });
    expect(await codeState(request, token, boxes[0])).toMatchObject({
      status: "shipped",
      parent_code: cases[0],
      dealer_id: dealerA.id,
    });
    expect(await marketOf(dealerA)).toBe(marketBefore - 1);
    // 包装箱码查询: the case, still with dealer A, holds the other box only.
    await page.goto(`/packagequery?code=${cases[0]}`);
    const children = page.getByTestId("package-children").locator(".ant-table-row");
    await expect(children).toHaveCount(1);
    await expect(children).toContainText(boxes[0]);
    // 退货报表: the box and its item, no case.
    const screen = await reportScreen("/phoenix", "phoenix", { rma: partialRma });
    await expect(screen.rows).toHaveCount(1);
    await expect(screen.rows).toContainText(dealerA.dealer_name);
    expect({
      items: await screen.sum("Items returned"),
      boxes: await screen.sum("Boxes"),
      cases: await screen.sum("Cases"),
    }).toEqual({ items: 1, boxes: 1, cases: 0 });
    // 码查询 of the box: its shipping inside the case, its unpacking at the dealer, then its return.
    const detail = (
      await ok<{ timeline: { kind: string }[] }>(request, token, `/api/tagging/tracecodes/lookup?code=${boxes[1]}`)
    ).timeline.map((event) => event.kind);
    expect(detail.slice(-3)).toEqual(["ship", "unpack", "return"]);
  });

  const rma = `RMA-${tag}`;
  await test.step("退货: dealer B's return of dealer A's case is refused naming both; dealer A's is received", async () => {
    const give = async (dealer: Dealer) => {
      const form = await submit("/refund", { "RMA no.": rma, "Returned codes": cases[0], Reason: "运输破损" });
      await choose(formControl(form, "Dealer"), dealer.dealer_name);
      await choose(formControl(form, "Receiving warehouse"), "");
      await form.getByRole("button", { name: "Save" }).click();
    };
    await give(dealerB);
    await expect(visiblePage(page)).toContainText(
      `was shipped to ${dealerA.dealer_name} (${dealerA.dealer_code}), not to ${dealerB.dealer_name} (${dealerB.dealer_code})`,
    );
    expect(await codeState(request, token, items[0])).toMatchObject({ status: "shipped", dealer_id: dealerA.id });
    await give(dealerA);
    await expect(page).toHaveURL(/\/refund(\?|$)/);
    expect(await codeState(request, token, items[0])).toMatchObject({ status: "returned" });
  });

  await test.step("退货报表 shows the return: its RMA, dealer A, the case with the box it still held and its item", async () => {
    const screen = await reportScreen("/phoenix", "phoenix", { rma });
    await expect(screen.rows).toHaveCount(1);
    await expect(screen.rows).toContainText(rma);
    await expect(screen.rows).toContainText(dealerA.dealer_name);
    const shown = {
      items: await screen.sum("Items returned"),
      boxes: await screen.sum("Boxes"),
      cases: await screen.sum("Cases"),
      pallets: await screen.sum("Pallets"),
    };
    expect(shown).toEqual({ items: 1, boxes: 1, cases: 1, pallets: 0 });
  });

  await test.step("退货解绑 frees the case; reshipped to dealer B, its items are dealer B's", async () => {
    const form = await submit("/dissociated", { "Unlinked code": cases[0], Reason: "复检合格" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/dissociated(\?|$)/);
    const again = `WC-${tag}`;
    await waybill(again, dealerB);
    await addCode(again, cases[0]);
    await ship(again);
    expect(await codeState(request, token, items[0])).toMatchObject({ status: "shipped", dealer_id: dealerB.id });
  });

  await test.step("码查询 of an item in the case: its shipping, return and reship through the case", async () => {
    await page.goto(`/home/tagging/codequery?code=${items[0]}`);
    const carried = page.getByTestId("timeline-event").and(page.locator(`[data-via="${cases[0]}"]`));
    await expect(carried).toHaveCount(4);
    expect(await carried.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-kind")))).toEqual([
      "ship",
      "return",
      "restock",
      "ship",
    ]);
    await expect(carried.first()).toContainText(`with package ${cases[0]}`);
  });

  await test.step("码查询 of the case: its history as the ledger holds it, oldest first", async () => {
    const detail = (
      await ok<{ timeline: { kind: string }[] }>(request, token, `/api/tagging/tracecodes/lookup?code=${cases[0]}`)
    ).timeline.map((event) => event.kind);
    expect(detail.filter((kind) => ["ship", "return", "restock"].includes(kind))).toEqual([
      "ship",
      "return",
      "restock",
      "ship",
    ]);
    await page.goto(`/home/tagging/codequery?code=${cases[0]}`);
    await expect(page.getByTestId("code-status")).toHaveText("Shipped");
    const events = page.getByTestId("timeline-event");
    await expect(events).toHaveCount(detail.length);
    expect(await events.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-kind")))).toEqual(detail);
  });

  await test.step("经销商拆包: a code in stock is refused naming 关联解除; dealer B opens the reshipped case, and its box stays dealer B's", async () => {
    const open = async (code: string, wholePackage: boolean) => {
      const form = await submit("/dealerunpack", { "Unpacked code": code, Reason: "拆箱零售" });
      if (wholePackage)
        await form.locator(".ant-form-item").filter({ hasText: "Whole package" }).getByRole("switch").click();
      await form.getByRole("button", { name: "Save" }).click();
    };
    await open(boxes[5], false);
    await expect(visiblePage(page)).toContainText(
      `${boxes[5]} is activated and still in stock, not at a dealer; unpack it through 关联解除 (packaging unlinks)`,
    );
    const marketBefore = await marketOf(dealerB);
    await open(cases[0], true);
    await expect(page).toHaveURL(/\/dealerunpack(\?|$)/);
    const row = rows(page).filter({ hasText: cases[0] });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(dealerB.dealer_name);
    expect(await codeState(request, token, boxes[0])).toMatchObject({
      status: "shipped",
      parent_code: null,
      dealer_id: dealerB.id,
    });
    expect(await marketOf(dealerB)).toBe(marketBefore);
  });
});
