// 稽查报表: inspections by conclusion are counted from the ledger's inspect events,
// warnings by rule, province and dealer from the rules' warnings; after scans that raise warnings
// and inspections that settle them, each report equals a direct count of the ledger or the
// warnings, and an inspection row typed into the table without the rule counts nowhere.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { call, envelope, login } from "../../test-fixtures/test-app";
import { geoRegionTable } from "../../regions/geo-region";
import { ipRegionTable } from "../../regions/ip-region";

type Row = Record<string, unknown>;
let chain: ChainApp;
let token: string;

const HANGZHOU = "60.191.0.1";
const CHENGDU = "61.139.0.1";

const report = async (name: string): Promise<Row[]> => {
  const body = envelope(await call(chain.app, { url: `/api/report/${name}/query`, token, query: {} }));
  expect(body.code, body.message).toBe(0);
  return body.data.list as Row[];
};
const scan = (code: string, ip: string) =>
  chain.app.inject({ method: "GET", url: "/api/public/scan", query: { code, path: "m_q" }, remoteAddress: ip });
const counted = (rows: Row[], key: string, measure: string) =>
  Object.fromEntries(rows.map((row) => [String(row[key]), row[measure]]));
const direct = async (sql: string) => Object.fromEntries((await chain.all(sql)).map((row) => [String(row.k), row.n]));

beforeAll(async () => {
  chain = await chainApp({
    ipRegions: ipRegionTable({ [HANGZHOU]: "330100", [CHENGDU]: "510100" }),
    geoRegions: geoRegionTable({}),
  });
  token = await login(chain.app, "admin");
  const shipped = (await chain.all(
    `SELECT code, dealer_id FROM trace_codes WHERE status = 'shipped' AND code_type = 'item' AND scan_count = 0 ORDER BY id LIMIT 4`,
  )) as { code: string; dealer_id: number }[];
  for (const [index, { code }] of shipped.entries()) {
    await scan(code, HANGZHOU);
    for (let again = 0; again < index + 1; again += 1) {
      chain.clock.now += 60_000;
      await scan(code, CHENGDU);
    }
  }
  const inStock = (
    await chain.all(`SELECT code FROM trace_codes WHERE status = 'activated' AND scan_count = 0 ORDER BY id LIMIT 1`)
  )[0].code as string;
  await scan(inStock, CHENGDU);
  const open = (await chain.all(
    `SELECT id, code, dealer_id FROM consumer_warnings WHERE status = 'pending' ORDER BY id LIMIT 2`,
  )) as { id: number; code: string; dealer_id: number | null }[];
  for (const [index, warning] of open.entries()) {
    const recorded = await chain.post("/api/inspect/inspections/add", {
      inspection_no: `RPT-${index}`,
      geo: "geo:30.5728,104.0668",
      warning_id: warning.id,
      dealer_id: warning.dealer_id ?? shipped[0].dealer_id,
      code: warning.code,
      result: index === 0 ? "cross_region" : "counterfeit",
    });
    expect(recorded.code, recorded.message).toBe(0);
  }
}, 60_000);
afterAll(() => chain.app.close());

describe("稽查报表 from the ledger and the rules' warnings", () => {
  it("市场监察: inspections by conclusion equal the ledger's inspect events", async () => {
    const rows = await report("supervise");
    expect(counted(rows, "result", "inspections")).toEqual(
      await direct(`SELECT reason AS k, COUNT(*) AS n FROM _ledger_events WHERE kind = 'inspect' GROUP BY reason`),
    );
    expect(
      Object.values(counted(rows, "result", "inspections")).reduce((a, b) => (a as number) + (b as number), 0),
    ).toBeGreaterThanOrEqual(2);
  });

  it("warnings by rule, province and dealer equal a direct count of the warnings, with their scans", async () => {
    const byRule = await report("warningrulereport");
    expect(counted(byRule, "rule", "warnings")).toEqual(
      await direct(`SELECT rule AS k, COUNT(*) AS n FROM consumer_warnings GROUP BY rule`),
    );
    expect(counted(byRule, "rule", "scans")).toEqual(
      await direct(`SELECT rule AS k, SUM(scan_count) AS n FROM consumer_warnings GROUP BY rule`),
    );
    expect(counted(byRule, "rule", "warnings").cross_region).toBeGreaterThanOrEqual(1);

    const byProvince = await report("warningregionreport");
    expect(counted(byProvince, "province_code", "warnings")).toEqual(
      await direct(
        `SELECT CASE WHEN region_code IS NULL THEN NULL ELSE substr(region_code, 1, 2) || '0000' END AS k, COUNT(*) AS n FROM consumer_warnings GROUP BY k`,
      ),
    );
    expect(byProvince.find((row) => row.province_code === "510000")?.province_code_label).toBe("四川省");

    const byDealer = await report("warningdealerreport");
    expect(counted(byDealer, "dealer_id", "warnings")).toEqual(
      await direct(`SELECT dealer_id AS k, COUNT(*) AS n FROM consumer_warnings GROUP BY dealer_id`),
    );
  });

  it("an inspection row written around the rule (no ledger event) counts in no report", async () => {
    const before = await report("supervise");
    await chain.app.consoleContext.records.insert(chain.app.consoleContext.catalog.info("inspections"), {
      inspection_no: "TYPED-IN",
      geo: "geo:30.2741,120.1551",
      dealer_id: (await chain.all(`SELECT id FROM dealers ORDER BY id LIMIT 1`))[0].id,
      result: "compliant",
    });
    expect(await report("supervise")).toEqual(before);
  });
});
