// The whole production flow in the console: a code rule made on 生码规则, its order's job run
// from 预生码管理 until 生码记录's bar is full, codes activated against a work order on 码激活,
// items packed on 包装关联 (a full box refuses one more), a label replaced on 关联替换, an item
// unpacked on 关联解除 and re-bound, the work order finished with its tail box closed after the
// confirmation naming it, then closed to settle it (its batch's unused code voided by a void naming
// it), the code order closed (its unused codes voided, the count on 关闭订单表), and the work-order
// statistics (codes per level) and two codes' timelines equal to the ledger as the lookup call
// reads it. Orders and the work order themselves are made through the API (plain CRUD screens with
// their own tests); every chain step is the console's.
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { choose, formControl, ok, tokenOf } from "../org/org-helpers";
import { signIn, visiblePage } from "../shell/helpers";

const saveIn = (page: Page) =>
  visiblePage(page)
    .locator(".ant-card")
    .filter({ has: page.getByRole("button", { name: "Save" }) });
const rows = (page: Page) => visiblePage(page).locator(".ant-table-tbody tr.ant-table-row");
const listOf = (path: string, field: string, value: string | number, operator = "contains") =>
  `${path}?pageSize=10&currentPage=1&filters[0][field]=${field}&filters[0][operator]=${operator}&filters[0][value]=${value}`;

/** A create form: text fields by label, then selects by label and option text; saved. */
async function create(
  page: Page,
  path: string,
  texts: Record<string, string>,
  selects: Record<string, string> = {},
): Promise<Locator> {
  await page.goto(`${path}/create`);
  const form = saveIn(page);
  for (const [label, value] of Object.entries(texts)) await formControl(form, label).fill(value);
  for (const [label, option] of Object.entries(selects)) await choose(formControl(form, label), option);
  await form.getByRole("button", { name: "Save" }).click();
  return form;
}

async function codesOf(request: APIRequestContext, token: string, orderId: number): Promise<string[]> {
  const { list } = await ok<{ list: { code: string }[] }>(
    request,
    token,
    `/api/tagging/tracecodes/pagelist?page=1&size=100&order_id=${orderId}&sort=id`,
  );
  return list.map((row) => row.code);
}

test("rule → job → activation → packing with a tail box → replacement → unpack and re-bind → finish, close the work order and the code order → statistics and timelines equal the ledger", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const token = await tokenOf(request, "admin");
  const tag = Date.now().toString(36).toUpperCase();
  // A product that packs its items into boxes of a line's size (2–24), by one hierarchy row: the demo's
  // random hierarchy rows give some products a box of thousands, or two box rows.
  type Hierarchy = { product_id: number; level: string; child_level: string; ratio: number };
  const boxRows = new Map<number, Hierarchy[]>();
  for (let page = 1; page <= 20; page += 1) {
    const { list } = await ok<{ list: Hierarchy[] }>(
      request,
      token,
      `/api/base/packagehierarchies/pagelist?page=${page}&size=100&level=box`,
    );
    for (const row of list) boxRows.set(row.product_id, [...(boxRows.get(row.product_id) ?? []), row]);
    if (list.length < 100) break;
  }
  const fitting = [...boxRows.entries()].find(
    ([, rows]) => rows.length === 1 && rows[0].child_level === "item" && rows[0].ratio >= 2 && rows[0].ratio <= 24,
  );
  expect(fitting, "a product packing items into boxes of 2 to 24").toBeDefined();
  const product = { id: fitting![0] };
  const capacity = fitting![1][0].ratio;
  // Items: a full box, a tail box of 2, one spare label for the replacement, two never used.
  const itemCount = capacity + 5;

  await signIn(page, "admin", "/home/tagging/coderule");

  let itemRuleId = 0;
  await test.step("生码规则: an item rule of 20 characters made in the console", async () => {
    await page.goto("/home/tagging/coderule/create");
    const form = saveIn(page);
    await formControl(form, "Rule code").fill(`R${tag}`);
    await formControl(form, "Rule name").fill(`流程规则${tag}`);
    await formControl(form, "Code length").fill("20");
    await choose(formControl(form, "Code type"), "Item code");
    // Segments, alphanumeric, 20 characters: the form's default rows, each entered again as an analyst
    // would — level digit, random 18, check character.
    const segments = form.getByTestId("row-segments");
    await expect(segments).toHaveCount(3);
    // A row's kind select already shows its value, which covers the input: the select itself is opened.
    const pickKind = async (row: number, kind: string) => {
      await segments
        .nth(row)
        .locator(".ant-select")
        .filter({ has: page.getByRole("combobox", { name: "Segment kind" }) })
        .click();
      await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: kind }).click();
      await expect(segments.nth(row)).toContainText(kind);
    };
    await pickKind(0, "Level digit");
    await pickKind(1, "Random");
    await segments.nth(1).getByRole("spinbutton", { name: "Length" }).fill("18");
    await pickKind(2, "Check character");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/coderule(\?|$)/);
    const [rule] = (
      await ok<{ list: { id: number; length: number; segments: unknown }[] }>(
        request,
        token,
        `/api/tagging/coderules/pagelist?page=1&size=1&rule_code=R${tag}`,
      )
    ).list;
    expect(rule).toMatchObject({
      length: 20,
      segments: [{ kind: "level" }, { kind: "random", length: 18 }, { kind: "check" }],
    });
    itemRuleId = rule.id;
  });
  const boxRule = (
    await ok<{ list: { id: number }[] }>(
      request,
      token,
      "/api/tagging/coderules/pagelist?page=1&size=1&code_type=box&kind=segments",
    )
  ).list[0];
  const itemOrder = await ok<{ id: number }>(request, token, "/api/tagging/codeorders/add", {
    order_no: `OI${tag}`,
    rule_id: itemRuleId,
    product_id: product.id,
    quantity: itemCount,
  });
  const boxOrder = await ok<{ id: number }>(request, token, "/api/tagging/codeorders/add", {
    order_no: `OB${tag}`,
    rule_id: boxRule.id,
    product_id: product.id,
    quantity: 3,
  });

  await test.step("预生码管理 runs both jobs; 生码记录's bars are full", async () => {
    for (const orderNo of [`OI${tag}`, `OB${tag}`]) {
      await page.goto(listOf("/home/tagging/readycreate", "order_no", orderNo));
      await rows(page).filter({ hasText: orderNo }).getByRole("button", { name: "Generate codes" }).click();
      await page.locator(".ant-popconfirm:visible").getByRole("button", { name: "OK" }).click();
      await expect(rows(page).filter({ hasText: orderNo })).toContainText(/Generating|Generated/);
    }
    // 生码记录 follows each job live until its bar is full.
    for (const [order, count] of [
      [itemOrder.id, itemCount],
      [boxOrder.id, 3],
    ] as const) {
      await page.goto(listOf("/home/tagging/records", "order_id", order, "eq"));
      // Counts read as the English console prints them, with thousands grouped.
      const shown = count.toLocaleString("en-US");
      await expect(rows(page).first().getByTestId("progress-succeeded")).toHaveText(`${shown} / ${shown}`);
      await expect(rows(page).first()).toContainText("Done");
    }
  });
  const items = await codesOf(request, token, itemOrder.id);
  const boxes = await codesOf(request, token, boxOrder.id);
  expect(items).toHaveLength(itemCount);
  // The rule's shape: every item code is its 20 characters.
  for (const code of items) expect(code).toHaveLength(20);
  const [line] = (
    await ok<{ list: { id: number }[] }>(request, token, "/api/plant/productionlines/pagelist?page=1&size=1")
  ).list;
  const workOrderNo = `WO${tag}`;
  // The work order's code batch is the box order's: closing it voids the box code it never used.
  const [boxBatch] = (
    await ok<{ list: { id: number }[] }>(
      request,
      token,
      `/api/tagging/codebatches/pagelist?page=1&size=1&order_id=${boxOrder.id}`,
    )
  ).list;
  const workOrder = await ok<{ id: number }>(request, token, "/api/plant/productionorders/add", {
    order_no: workOrderNo,
    code_batch_id: boxBatch.id,
    product_id: product.id,
    line_id: line.id,
    batch_no: `L${tag}`,
    planned_qty: capacity + 2,
    production_date: "2024-06-01",
    expiry_date: "2025-06-01",
  });
  const full = items.slice(0, capacity);
  const tail = items.slice(capacity, capacity + 2);
  const spare = items[capacity + 2];

  await test.step("工单列表 starts the work order; 码激活 activates the items and two boxes by range", async () => {
    await page.goto(listOf("/orderlist", "order_no", workOrderNo));
    await rows(page).filter({ hasText: workOrderNo }).getByRole("button", { name: "Start production" }).click();
    await expect(rows(page).filter({ hasText: workOrderNo })).toContainText("In production");
    await create(
      page,
      "/activation",
      { "First code": items[0], "Last code": tail.at(-1)! },
      { "Work order": workOrderNo, "Code type": "Item code" },
    );
    await expect(page).toHaveURL(/\/activation(\?|$)/);
    await create(
      page,
      "/activation",
      { "First code": boxes[0], "Last code": boxes[1] },
      { "Work order": workOrderNo, "Code type": "Box code" },
    );
    await expect(page).toHaveURL(/\/activation(\?|$)/);
    expect(
      (await ok<{ produced_qty: number }>(request, token, `/api/plant/productionorders/detail?id=${workOrder.id}`))
        .produced_qty,
    ).toBe(capacity + 2);
  });

  const pack = async (parent: string, child: string) =>
    create(
      page,
      "/relevance",
      { "Parent code": parent, "Child code": child },
      { "Packaging level": "Box", "Work order": workOrderNo },
    );
  await test.step("包装关联: a box filled to capacity refuses one more, naming its fill; the tail box holds two", async () => {
    for (const child of full) {
      await pack(boxes[0], child);
      await expect(page).toHaveURL(/\/relevance(\?|$)/);
    }
    await pack(boxes[0], tail[0]);
    await expect(visiblePage(page)).toContainText(`${boxes[0]} is full (${capacity}/${capacity})`);
    // Refused, nothing changed: the item is in no package, the box still holds its own.
    expect(
      (
        await ok<{ list: { parent_code: string | null }[] }>(
          request,
          token,
          `/api/tagging/tracecodes/pagelist?page=1&size=1&code=${tail[0]}`,
        )
      ).list[0].parent_code,
    ).toBeNull();
    expect(
      (await ok<{ fill: { held: number } }>(request, token, `/api/plant/packages/contents?code=${boxes[0]}`)).fill.held,
    ).toBe(capacity);
    for (const child of tail) {
      await pack(boxes[1], child);
      await expect(page).toHaveURL(/\/relevance(\?|$)/);
    }
  });

  await test.step("关联替换: the spare label takes a packed item's place; the old one is voided, replaced by it", async () => {
    await create(page, "/home/plant/production/replace", {
      "Old code": full[0],
      "New code": spare,
      Reason: "标签破损",
    });
    await expect(page).toHaveURL(/\/replace(\?|$)/);
    const old = (
      await ok<{ list: { status: string; replaced_by: string }[] }>(
        request,
        token,
        `/api/tagging/tracecodes/pagelist?page=1&size=1&code=${full[0]}`,
      )
    ).list[0];
    expect(old).toMatchObject({ status: "scrapped", replaced_by: spare });
    expect(
      (
        await ok<{ list: { parent_code: string }[] }>(
          request,
          token,
          `/api/tagging/tracecodes/pagelist?page=1&size=1&code=${spare}`,
        )
      ).list[0].parent_code,
    ).toBe(boxes[0]);
  });

  await test.step("关联解除 takes an item out of the tail box; 包装关联 binds it again", async () => {
    await create(page, "/unrelevance1", { "Unlinked code": tail[1], Reason: "返工" });
    await expect(page).toHaveURL(/\/unrelevance1(\?|$)/);
    expect(
      (
        await ok<{ list: { parent_code: string | null }[] }>(
          request,
          token,
          `/api/tagging/tracecodes/pagelist?page=1&size=1&code=${tail[1]}`,
        )
      ).list[0].parent_code,
    ).toBeNull();
    await pack(boxes[1], tail[1]);
    await expect(page).toHaveURL(/\/relevance(\?|$)/);
  });

  await test.step("完工: the confirmation names the tail box and its fill; confirmed, the order is finished", async () => {
    await page.goto(listOf("/orderlist", "order_no", workOrderNo));
    const row = rows(page).filter({ hasText: workOrderNo });
    await row.getByRole("button", { name: "Finish" }).click();
    await page.locator(".ant-popconfirm:visible").getByRole("button", { name: "OK" }).click();
    const dialog = page.locator(".ant-modal-confirm");
    await expect(dialog).toContainText(`${boxes[1]} (2/${capacity})`);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(row).toContainText("Finished");
  });

  await test.step("关闭工单 settles the finished work order: its batch's unused box code voided by a void naming it, in its EPCIS export; the count on the order", async () => {
    await page.goto(listOf("/orderlist", "order_no", workOrderNo));
    const row = rows(page).filter({ hasText: workOrderNo });
    await row.getByRole("button", { name: "Close work order" }).click();
    await page.locator(".ant-popconfirm:visible").getByRole("button", { name: "OK" }).click();
    await expect(row).toContainText("Closed");
    await page.goto(`/orderlist/show/${workOrder.id}`);
    const voided = visiblePage(page)
      .locator(".ant-descriptions-item-label", { hasText: "Codes voided" })
      .locator("xpath=following-sibling::*[1]");
    await expect(voided).toHaveText("1");
    expect(
      (
        await ok<{ list: { status: string; void_reason: string }[] }>(
          request,
          token,
          `/api/tagging/tracecodes/pagelist?page=1&size=1&code=${boxes[2]}`,
        )
      ).list[0],
    ).toMatchObject({ status: "scrapped", void_reason: `work order ${workOrderNo} closed` });
    const epcis = await ok<{ epcisBody: { eventList: { "tc:kind": string; epcList?: string[] }[] } }>(
      request,
      token,
      `/api/tagging/tracecodes/epcis?work_order_id=${workOrder.id}`,
    );
    const voids = epcis.epcisBody.eventList.filter((event) => event["tc:kind"] === "void");
    // The replaced label's void and the closing's, which names the unused box code.
    expect(voids).toHaveLength(2);
    expect(JSON.stringify(voids[1].epcList)).toContain(boxes[2]);
  });

  await test.step("关闭订单 voids the order's unused codes; 关闭订单表 names the count", async () => {
    await page.goto(listOf("/home/tagging/readycreate", "order_no", `OI${tag}`));
    await rows(page)
      .filter({ hasText: `OI${tag}` })
      .getByRole("button", { name: "Close order" })
      .click();
    await page.locator(".ant-popconfirm:visible").getByRole("button", { name: "OK" }).click();
    await expect(rows(page).filter({ hasText: `OI${tag}` })).toContainText("Closed");
    const unused = items.slice(capacity + 3);
    for (const code of unused)
      expect(
        (
          await ok<{ list: { status: string }[] }>(
            request,
            token,
            `/api/tagging/tracecodes/pagelist?page=1&size=1&code=${code}`,
          )
        ).list[0].status,
      ).toBe("scrapped");
    await page.goto(listOf("/home/tagging/queryclose", "order_id", itemOrder.id, "eq"));
    await expect(rows(page)).toHaveCount(1);
    await expect(
      rows(page)
        .first()
        .locator("td")
        .filter({ hasText: new RegExp(`^${unused.length}$`) }),
    ).toHaveCount(1);
  });

  await test.step("生产订单统计 and two codes' timelines equal the ledger", async () => {
    const stats = (
      await ok<{ list: Record<string, number>[] }>(request, token, "/api/report/productionorder/query")
    ).list.find((row) => row.work_order_id === workOrder.id)!;
    // Output is the activations (capacity + 2 items); the replacement label is a code used, not output; its old label the one voided.
    // Codes are counted per level: the items and the two boxes apart.
    expect(stats).toMatchObject({
      planned_qty: capacity + 2,
      actual_qty: capacity + 2,
      items_used: capacity + 2 + 1,
      boxes_used: 2,
      cases_used: 0,
      pallets_used: 0,
      items_voided: 1,
      boxes_voided: 1,
    });
    // The report's table, filtered to this work order as a user would: its Actual output cell.
    await page.goto(listOf("/productionorder", "work_order_id", workOrder.id, "eq"));
    const statsRow = rows(page).filter({ hasText: workOrderNo });
    await expect(statsRow).toHaveCount(1);
    const headers = await visiblePage(page).locator(".ant-table thead th").allInnerTexts();
    const actual = headers.findIndex((text) => text.trim() === "Actual output");
    expect(actual).toBeGreaterThanOrEqual(0);
    await expect(statsRow.locator(`td:nth-child(${actual + 1})`)).toHaveText(String(capacity + 2));
    // Codes used and voided, a column per level: the items and the boxes apart.
    for (const [header, value] of [
      ["Item codes used", capacity + 3],
      ["Box codes used", 2],
      ["Item codes voided", 1],
      ["Box codes voided", 1],
    ] as const) {
      const column = headers.findIndex((text) => text.trim() === header);
      expect(column, `column ${header} in ${headers.join(", ")}`).toBeGreaterThanOrEqual(0);
      await expect(statsRow.locator(`td:nth-child(${column + 1})`)).toHaveText(String(value));
    }
    for (const code of [spare, tail[1]]) {
      const timeline = (
        await ok<{ timeline: { kind: string }[] }>(request, token, `/api/tagging/tracecodes/lookup?code=${code}`)
      ).timeline.map((event) => event.kind);
      await page.goto(`/home/tagging/codequery?code=${code}`);
      const events = page.getByTestId("timeline-event");
      await expect(events).toHaveCount(timeline.length);
      expect(await events.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-kind")))).toEqual(
        timeline,
      );
      const chainKinds = timeline.filter((kind) => ["issue", "activate", "replace", "pack", "unpack"].includes(kind));
      // The label: issued, commissioned as the replacement, packed in the old one's place. The re-bound item: packed twice.
      expect(chainKinds).toEqual(
        code === spare ? ["issue", "replace", "pack"] : ["issue", "activate", "pack", "unpack", "pack"],
      );
    }
  });
});
