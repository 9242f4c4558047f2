// One business day everywhere, in the browser: a viewer whose own calendar is on another day than
// the enterprise's (Shanghai) sees the business day on the dashboard, labelled with its zone, and the
// day's figure is the same on the dashboard, in 日生产报表 and in the export of 码激活 for that day;
// the list shows times on the business clock with the zone named. The day here is today's; the 23:30
// and 00:30 rows, with the server's clock moved, are business-midnight.spec.ts.
import { parse } from "csv-parse/sync";
import { expect, test, type Browser } from "@playwright/test";
import { ok } from "../org/org-helpers";
import { apiLogin, signIn } from "../shell/helpers";
import { stationStock } from "../stations/station-stock";

const BUSINESS_ZONE = "Asia/Shanghai";

const dayIn = (zone: string, instant: number): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );

/**
 * A viewer zone whose date differs from the business day now: UTC+14 is already tomorrow from
 * Shanghai's 18:00, UTC-11 still yesterday until Shanghai's 19:00, so one of them always is.
 */
function otherDayZone(now: number): string {
  const ahead = "Pacific/Kiritimati";
  return dayIn(ahead, now) !== dayIn(BUSINESS_ZONE, now) ? ahead : "Pacific/Pago_Pago";
}

async function viewerPage(browser: Browser, timezoneId: string) {
  const context = await browser.newContext({ timezoneId });
  return { context, page: await context.newPage() };
}

test("a viewer on another calendar day sees the business day, and its figure agrees on the dashboard, a report and an export", async ({
  browser,
}) => {
  const viewerZone = otherDayZone(Date.now());
  const { context, page } = await viewerPage(browser, viewerZone);
  const token = await apiLogin(page);
  // Output of today, whatever the seed left: two items activated now.
  await (await stationStock(page.request, token)).fresh("item", 2);
  const day = dayIn(BUSINESS_ZONE, Date.now());
  expect(await page.evaluate(() => new Date().toLocaleDateString("en-CA"))).not.toBe(day);

  await signIn(page, "admin", "/dashboard", "en");
  await expect(page.getByTestId("dashboard-business-day")).toHaveText(`Business day ${day} (UTC+8)`);
  const figure = page.locator('[data-figure="items_produced"] .ant-statistic-content-value');
  await expect(figure).not.toHaveText("0");
  const produced = Number((await figure.innerText()).replace(/\D/g, ""));

  const report = await ok<{ list: { day: string; items: number }[] }>(
    page.request,
    token,
    `/api/report/dateyield/query?page=1&size=100&date_from=${day}&date_to=${day}`,
  );
  expect(new Set(report.list.map((row) => row.day))).toEqual(new Set([day]));
  expect(report.list.reduce((sum, row) => sum + row.items, 0)).toBe(produced);

  const exported = await page.request.get(
    `/api/plant/codeactivations/export?format=csv&lang=en&level=item&activated_at_from=${day}&activated_at_to=${day}`,
    { headers: { Token: token } },
  );
  expect(exported.status()).toBe(200);
  const [header, ...rows]: string[][] = parse(await exported.text(), { bom: true });
  const [at, count] = [header.indexOf("Activated at"), header.indexOf("Activated")];
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row[at].slice(0, 10)).toBe(day);
  expect(rows.reduce((sum, row) => sum + Number(row[count]), 0)).toBe(produced);

  // A day picked in the list's filter is that business day: the same rows as the export's.
  const listCall = page.waitForRequest(
    (sent) => new URL(sent.url()).pathname === "/api/plant/codeactivations/pagelist",
  );
  await page.goto(
    `/activation?pageSize=10&currentPage=1&filters[0][field]=activated_at&filters[0][operator]=between&filters[0][value][0]=${day}&filters[0][value][1]=${day}&filters[1][field]=level&filters[1][operator]=eq&filters[1][value]=item`,
  );
  const sent = await listCall;
  expect(new URL(sent.url()).searchParams.get("activated_at_from")).toBe(day);
  const listed = (await (await sent.response())!.json()) as { data: { total: number } };
  expect(listed.data.total).toBe(rows.length);
  // The list's times are on the business clock, the zone named for this viewer.
  const firstTime = page
    .locator(".ant-table-tbody tr.ant-table-row")
    .first()
    .getByText(/\(UTC\+8\)$/);
  await expect(firstTime.first()).toHaveText(new RegExp(`^${day} \\d{2}:\\d{2}:\\d{2} \\(UTC\\+8\\)$`));
  await context.close();
});

test("a viewer in the business zone sees the same day with no zone label", async ({ browser }) => {
  const { context, page } = await viewerPage(browser, BUSINESS_ZONE);
  await signIn(page, "admin", "/dashboard", "en");
  await expect(page.getByTestId("dashboard-business-day")).toHaveText(
    `Business day ${dayIn(BUSINESS_ZONE, Date.now())}`,
  );
  await context.close();
});

test("the enterprise picks its business zone from a searchable select, and the dashboard follows it", async ({
  browser,
}) => {
  const { context, page } = await viewerPage(browser, BUSINESS_ZONE);
  const token = await apiLogin(page);
  try {
    await signIn(page, "admin", "/enterprise", "en");
    const field = page
      .locator(".ant-form-item-row")
      .filter({ has: page.locator("label", { hasText: /^Business time zone$/ }) });
    await expect(field.locator(".ant-select-selection-item")).toHaveText("Asia/Shanghai (UTC+8)");
    await field.locator(".ant-select-selector").click();
    await page.keyboard.type("Berlin");
    const berlin = page.locator(".ant-select-item-option").filter({ hasText: /^Europe\/Berlin \(UTC\+[12]\)$/ });
    await berlin.click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(
        async () =>
          (await ok<{ time_zone: string }>(page.request, token, "/api/org/enterpriseaccount/geticp")).time_zone,
      )
      .toBe("Europe/Berlin");
    // A Shanghai viewer now reads the business day on Berlin's clock, and is told so.
    await page.goto("/dashboard");
    await expect(page.getByTestId("dashboard-business-day")).toHaveText(
      new RegExp(`^Business day ${dayIn("Europe/Berlin", Date.now())} \\(UTC\\+[12]\\)$`),
    );
  } finally {
    await ok(page.request, token, "/api/org/enterpriseaccount/updateicp", { time_zone: BUSINESS_ZONE });
    await context.close();
  }
});
