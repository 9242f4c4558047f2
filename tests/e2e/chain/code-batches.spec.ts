// In the console: a generation job's live progress bar on 生码记录, the batch's
// codes downloaded as CSV (and the download logged in 码包下载记录), an import of external codes
// refused row by row (recorded as a failed batch whose problem rows download as CSV) and then
// written with "skip bad rows", and a work order's EPCIS export. The buttons are manifest actions
// naming contract calls (code_batches.download/import/problems, production_orders.epcis).
import { readFile } from "node:fs/promises";
import { expect, test, type Download } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { choose, ok, tokenOf } from "../org/org-helpers";

const JOB_SIZE = 60_000;

interface Batch {
  id: number;
  batch_no: string;
  status: string;
  succeeded: number;
  first_code: string;
}

async function fileOf(download: Promise<Download>): Promise<{ name: string; text: string }> {
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), "utf8") };
}

test("生码记录: a job's bar moves live to done; its codes download as CSV and the download is logged; an import is refused row by row (a failed batch with its problem rows), then written skipping the bad row", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await tokenOf(request, "admin");
  const rules = await ok<{ list: { id: number; rule_name: string }[] }>(
    request,
    admin,
    "/api/tagging/coderules/pagelist?page=1&size=1&code_type=item&kind=segments",
  );
  const orderNo = `E2E${Date.now() % 1e9}`;
  const order = await ok<{ id: number }>(request, admin, "/api/tagging/codeorders/add", {
    order_no: orderNo,
    rule_id: rules.list[0].id,
    quantity: JOB_SIZE,
  });

  await test.step("the job starts from 预生码管理 and its bar moves on 生码记录 without a reload", async () => {
    await signIn(
      page,
      "admin",
      `/home/tagging/readycreate?pageSize=10&currentPage=1&filters[0][field]=order_no&filters[0][operator]=contains&filters[0][value]=${orderNo}`,
    );
    const row = visiblePage(page).locator(".ant-table-row").filter({ hasText: orderNo });
    await row.getByRole("button", { name: "Generate codes" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "OK" }).click();

    await page.goto(
      `/home/tagging/records?pageSize=10&currentPage=1&filters[0][field]=order_id&filters[0][operator]=eq&filters[0][value]=${order.id}`,
    );
    const batchRow = visiblePage(page).locator(".ant-table-row").first();
    const bar = batchRow.getByTestId("progress-succeeded");
    // Seen while the job runs: the bar is active and short of the total …
    await expect(bar).toHaveClass(/ant-progress-status-active/);
    const partial = await bar.innerText();
    expect(partial).not.toBe(`${JOB_SIZE.toLocaleString("en-US")} / ${JOB_SIZE.toLocaleString("en-US")}`);
    // … then, with no reload, done: full, green, and the status tag says so.
    await expect(bar).toHaveText(`${JOB_SIZE.toLocaleString("en-US")} / ${JOB_SIZE.toLocaleString("en-US")}`, {
      timeout: 120_000,
    });
    await expect(bar).toHaveClass(/ant-progress-status-success/);
    await expect(batchRow).toContainText("Done");
  });

  const batches = await ok<{ list: Batch[] }>(
    request,
    admin,
    `/api/tagging/codebatches/pagelist?page=1&size=10&order_id=${order.id}`,
  );
  const batch = batches.list[0];
  expect(batch).toMatchObject({ status: "done", succeeded: JOB_SIZE });

  await test.step("下载码包 saves the batch's codes as CSV (序号, 码, URL) and 码包下载记录 logs it", async () => {
    const batchRow = visiblePage(page).locator(".ant-table-row").filter({ hasText: batch.batch_no });
    const csv = await fileOf(
      Promise.all([
        page.waitForEvent("download"),
        batchRow.getByRole("button", { name: "Download codes" }).click(),
      ]).then(([file]) => file),
    );
    expect(csv.name).toBe(`${batch.batch_no}.csv`);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("序号,码,URL");
    expect(lines).toHaveLength(JOB_SIZE + 1);
    expect(lines[1]).toMatch(new RegExp(`^1,${batch.first_code},https?://.+/${batch.first_code}$`));

    await page.goto(
      `/home/tagging/codedownloads?pageSize=10&currentPage=1&filters[0][field]=batch_id&filters[0][operator]=eq&filters[0][value]=${batch.id}`,
    );
    const logged = visiblePage(page).locator(".ant-table-row");
    await expect(logged).toHaveCount(1);
    await expect(logged).toContainText(batch.batch_no);
    await expect(logged.locator("td").filter({ hasText: new RegExp(`^${JOB_SIZE}$`) })).toHaveCount(1);
  });

  await test.step("导入外部码: a file with a code that exists is refused row by row, no code written but a failed batch recorded; skipping bad rows writes the rest", async () => {
    const fresh = `X${Date.now()}`;
    const file = {
      name: "external.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`code\n${fresh}\n${batch.first_code}\n`),
    };
    await page.goto(
      `/home/tagging/records?pageSize=10&currentPage=1&filters[0][field]=order_id&filters[0][operator]=eq&filters[0][value]=${order.id}`,
    );
    await visiblePage(page).getByRole("button", { name: "Import codes" }).click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "Import codes" });
    await choose(dialog.locator(".ant-form-item").filter({ hasText: "Order" }).locator("input").first(), orderNo);
    await dialog.locator("input[type=file]").setInputFiles(file);
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    const outcome = dialog.getByTestId("upload-outcome");
    await expect(outcome).toContainText("Nothing was written");
    await expect(outcome).toContainText(`row 3: code ${batch.first_code} already exists (batch ${batch.batch_no})`);
    const failed = (
      await ok<{ list: Batch[] }>(
        request,
        admin,
        `/api/tagging/codebatches/pagelist?page=1&size=10&order_id=${order.id}&status=failed`,
      )
    ).list;
    expect(failed).toEqual([expect.objectContaining({ succeeded: 0 })]);
    await expect(outcome).toContainText(`recorded as failed batch ${failed[0].batch_no}`);

    await dialog.locator(".ant-form-item").filter({ hasText: "Skip bad rows" }).getByRole("switch").click();
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(outcome).toContainText("1 row written");
    await expect(outcome).toContainText("1 row skipped");
    await expect(outcome).toContainText(`row 3: code ${batch.first_code} already exists`);
    await dialog.locator(".ant-modal-footer").getByRole("button", { name: "Close" }).click();
    // The list shows both imports beside the generated batch: the refused one failed.
    await expect(visiblePage(page).locator(".ant-table-row")).toHaveCount(3);
    await expect(visiblePage(page).locator(".ant-table-row").filter({ hasText: "Imported" })).toHaveCount(2);
    const failedRow = visiblePage(page).locator(".ant-table-row").filter({ hasText: failed[0].batch_no });
    await expect(failedRow).toContainText("Failed");
    // Its problem rows, as a supervisor downloads them.
    const problems = await fileOf(
      Promise.all([
        page.waitForEvent("download"),
        failedRow.getByRole("button", { name: "Download problem rows" }).click(),
      ]).then(([file]) => file),
    );
    expect(problems.name).toBe(`${failed[0].batch_no}-problems.csv`);
    expect(
      problems.text
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/),
    ).toEqual([
      "行号,码,问题",
      `3,${batch.first_code},row 3: code ${batch.first_code} already exists (batch ${batch.batch_no})`,
    ]);
    const imported = await ok<{ list: { code: string; status: string }[] }>(
      request,
      admin,
      `/api/tagging/tracecodes/pagelist?page=1&size=10&code=${fresh}`,
    );
    expect(imported.list).toEqual([expect.objectContaining({ code: fresh, status: "generated" })]);
  });

  await test.step("导出 EPCIS on a work order saves its EPCIS 2.0 document", async () => {
    const orders = await ok<{ list: { id: number; order_no: string; produced_qty: number }[] }>(
      request,
      admin,
      "/api/plant/productionorders/pagelist?page=1&size=50&status=in_progress",
    );
    const workOrder = orders.list.find((candidate) => candidate.produced_qty > 0)!;
    await page.goto(
      `/orderlist?pageSize=10&currentPage=1&filters[0][field]=order_no&filters[0][operator]=contains&filters[0][value]=${workOrder.order_no}`,
    );
    const row = visiblePage(page).locator(".ant-table-row").filter({ hasText: workOrder.order_no });
    const json = await fileOf(
      Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: "Export EPCIS" }).click()]).then(
        ([file]) => file,
      ),
    );
    expect(json.name).toBe(`${workOrder.order_no}-epcis.json`);
    const document = JSON.parse(json.text) as {
      type: string;
      schemaVersion: string;
      epcisBody: { eventList: { type: string }[] };
    };
    expect(document).toMatchObject({ type: "EPCISDocument", schemaVersion: "2.0" });
    expect(document.epcisBody.eventList.length).toBeGreaterThan(0);
  });
});
