// 稽查报表 in the console: warnings by rule, by the scan's province and by dealer,
// and inspections by conclusion, each with its chart beside the table and the rows the report call
// gives — counted from the scan rules' warnings and the ledger's inspect events of the seed.
import { expect, test } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { api, tokenOf, type ListPage } from "../org/org-helpers";

const REPORTS = [
  { path: "/warningrulereport", name: "warningrulereport", measure: "Warnings", shows: "Scanned too often" },
  { path: "/warningregionreport", name: "warningregionreport", measure: "Warnings", shows: undefined },
  { path: "/warningdealerreport", name: "warningdealerreport", measure: "Warnings", shows: undefined },
  { path: "/supervise", name: "supervise", measure: "Inspections", shows: "Compliant" },
] as const;

for (const report of REPORTS)
  test(`${report.path} charts and lists what the report call counts`, async ({ page, request }) => {
    const admin = await tokenOf(request, "admin");
    const rows = (await api<ListPage<Record<string, unknown>>>(request, admin, `/api/report/${report.name}/query`)).data
      .list;
    expect(rows.length).toBeGreaterThan(0);
    const total = rows.reduce(
      (sum, row) => sum + Number(row[report.measure === "Warnings" ? "warnings" : "inspections"]),
      0,
    );

    await signIn(page, "admin", report.path);
    const chart = page.locator("[data-report-chart]");
    await expect(chart.locator("canvas").first()).toBeVisible();
    const table = page.locator(".ant-table").first();
    const tableRows = table.locator("tbody tr.ant-table-row");
    await expect(tableRows).toHaveCount(rows.length);
    const headers = await table.locator("thead th").allInnerTexts();
    const index = headers.findIndex((text) => text.trim() === report.measure);
    expect(index).toBeGreaterThanOrEqual(0);
    const cells = await tableRows.locator(`td:nth-child(${index + 1})`).allInnerTexts();
    expect(cells.reduce((sum, text) => sum + Number(text.replace(/,/g, "")), 0)).toBe(total);
    if (report.shows) await expect(table).toContainText(report.shows);
    if (report.name === "warningregionreport") {
      // The seed's scans come from addresses ip2region places in China: their provinces are named.
      const named = rows.find((row) => typeof row.province_code_label === "string");
      expect(named, "a province with its name").toBeDefined();
      await expect(table).toContainText(named!.province_code_label as string);
    }
  });
