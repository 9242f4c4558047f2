// A fresh start shows a console with a past: the seed writes days of history before today (the
// e2e server seeds a fresh database at every start), so each of the dashboard's seven-day charts
// has seven bars and none of them is zero, and each bar is the server's figure for its day.
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";
import { ok, tokenOf } from "../org/org-helpers";

interface DayFigures {
  date: string;
  codes: number;
  scans: number;
  shipped: number;
}

test("on a fresh start the seven-day charts show seven days, none of them zero", async ({ page }) => {
  await signIn(page, "admin", "/dashboard", "en");
  const today = await ok<{ last7days: DayFigures[] }>(
    page.request,
    await tokenOf(page.request, "admin"),
    "/api/dashboard/today",
  );
  expect(today.last7days).toHaveLength(7);
  for (const series of ["codes", "scans", "shipped"] as const) {
    const bars = page.locator(`.trend-panel[data-series="${series}"] rect title`);
    await expect(bars).toHaveCount(7);
    const shown = await bars.allTextContents();
    expect(shown, series).toEqual(today.last7days.map((day) => `${day.date}: ${day[series]}`));
    const values = today.last7days.map((day) => day[series]);
    expect(
      values.filter((value) => value > 0),
      `${series} per day: ${values.join(", ")}`,
    ).toHaveLength(7);
  }
});
