// One business day on both sides of midnight, in the browser: the server's clock is moved (the e2e
// server's DEV_CLOCK=1 call) to 23:30 and then 00:30 business time (Asia/Shanghai) of days ahead of
// today, items are activated at each, and for each day the dashboard's figure, the 日生产报表 row and
// the exported CSV agree, for a viewer in UTC-11. The run has one worker (playwright.config), so no
// other test runs while the clock is moved; days a week ahead keep today's figures of other tests
// untouched, and the clock is put back in a finally block.
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { ok } from "../org/org-helpers";
import { apiLogin, signIn } from "../shell/helpers";
import { stationStock } from "../stations/station-stock";

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const dayOf = (instant: number) => new Date(instant + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/** 23:30 business time, `daysAhead` business days from today. */
function beforeMidnight(daysAhead: number): number {
  const day = dayOf(Date.now() + daysAhead * 86_400_000);
  return Date.parse(`${day}T23:30:00+08:00`);
}

async function moveClock(page: Page, token: string, now: number): Promise<void> {
  await ok(page.request, token, "/api/dev/clock", { now: new Date(now).toISOString() });
}

async function figures(page: Page, token: string, day: string) {
  await signIn(page, "admin", "/dashboard", "en");
  await expect(page.getByTestId("dashboard-business-day")).toHaveText(`Business day ${day} (UTC+8)`);
  const figure = page.locator('[data-figure="items_produced"] .ant-statistic-content-value');
  const dashboard = Number((await figure.innerText()).replace(/\D/g, ""));
  const report = await ok<{ list: { day: string; items: number }[] }>(
    page.request,
    token,
    `/api/report/dateyield/query?page=1&size=100&date_from=${day}&date_to=${day}`,
  );
  const exported = await page.request.get(
    `/api/plant/codeactivations/export?format=csv&lang=en&level=item&activated_at_from=${day}&activated_at_to=${day}`,
    { headers: { Token: token } },
  );
  expect(exported.status()).toBe(200);
  const [header, ...rows]: string[][] = parse(await exported.text(), { bom: true });
  const count = header.indexOf("Activated");
  return {
    dashboard,
    report: report.list.reduce((sum, row) => sum + row.items, 0),
    exported: rows.reduce((sum, row) => sum + Number(row[count]), 0),
  };
}

test("items activated at 23:30 and 00:30 business time count on their own day on the dashboard, in the report and in the export", async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: "Pacific/Pago_Pago" });
  const page = await context.newPage();
  let token = await apiLogin(page);
  const late = beforeMidnight(7);
  const [eve, morning] = [dayOf(late), dayOf(late + 3_600_000)];
  try {
    await moveClock(page, token, late);
    token = await apiLogin(page); // a jump of days ends the session, as that much idle time would
    await (await stationStock(page.request, token)).fresh("item", 2);
    expect(await figures(page, token, eve)).toEqual({ dashboard: 2, report: 2, exported: 2 });

    await moveClock(page, token, late + 3_600_000);
    token = await apiLogin(page);
    await (await stationStock(page.request, token)).fresh("item", 3);
    expect(await figures(page, token, morning)).toEqual({ dashboard: 3, report: 3, exported: 3 });
    // The evening's rows stay on the evening's day in the report and the export.
    const evening = await ok<{ list: { day: string; items: number }[] }>(
      page.request,
      token,
      `/api/report/dateyield/query?page=1&size=100&date_from=${eve}&date_to=${eve}`,
    );
    expect(evening.list.reduce((sum, row) => sum + row.items, 0)).toBe(2);
  } finally {
    await moveClock(page, await apiLogin(page), Date.now());
    await context.close();
  }
});
