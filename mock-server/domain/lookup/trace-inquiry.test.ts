// 信息查询: one code's chain as an inspector needs it — the ledger timeline
// with an inspection in it, the dealer and waybill it is attributed to with that dealer's authorised
// regions, its consumer scans with their regions (only consumer scans), the warnings raised on it,
// and the inspector's GPS position resolved to a city; the list of codes is a projection of the
// codes' state, never typed in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { geoRegionTable } from "../../regions/geo-region";
import { ipRegionTable } from "../../regions/ip-region";
import { authoriseDealer } from "../../test-fixtures/dealer-regions";

const HANGZHOU_IP = "60.191.0.1";
const CHENGDU_IP = "61.139.0.1";
const IN_CHENGDU = "geo:30.5728,104.0668";

let chain: ChainApp;

beforeAll(async () => {
  chain = await chainApp({
    ipRegions: ipRegionTable({ [HANGZHOU_IP]: "330100", [CHENGDU_IP]: "510100" }),
    geoRegions: geoRegionTable({ "30.5728,104.0668": "510100" }),
  });
}, 60_000);
afterAll(() => chain.app.close());

const scan = (code: string, ip: string) =>
  chain.app.inject({ method: "GET", url: "/api/public/scan", query: { code, path: "m_q" }, remoteAddress: ip });
const inquiry = (query: Record<string, string>) => chain.get("/api/inspect/codetraces/lookup", query);

describe("信息查询 (traceInquiry)", () => {
  it("gives the code's chain, attribution, consumer scans with regions, warnings and the inspector's city", async () => {
    const shipped = (
      await chain.all(
        `SELECT code, dealer_id FROM trace_codes WHERE status = 'shipped' AND code_type = 'item' AND scan_count = 0 ORDER BY id LIMIT 1`,
      )
    )[0] as { code: string; dealer_id: number };
    await authoriseDealer(chain.app.consoleContext, shipped.dealer_id, ["330000"]);
    await scan(shipped.code, HANGZHOU_IP);
    chain.clock.now += 60_000;
    await scan(shipped.code, CHENGDU_IP); // outside Zhejiang: a channel conflict

    const answer = await inquiry({ code: shipped.code, geo: IN_CHENGDU });
    expect(answer.code, answer.message).toBe(0);
    const data = answer.data;
    expect(data.detail).toMatchObject({ code: shipped.code, status: "shipped" });
    expect(data.position).toEqual({ geo: IN_CHENGDU, region: { code: "510100", name: "成都市" } });
    expect(data.attribution).toMatchObject({
      dealer: { id: shipped.dealer_id },
      authorised_regions: [{ code: "330000", name: "浙江省" }],
    });
    expect(data.scans).toEqual([
      {
        scanned_at: expect.any(String),
        result: "genuine",
        scan_index: 1,
        region: { code: "330100", name: "杭州市" },
        path: "m_q",
      },
      {
        scanned_at: expect.any(String),
        result: "repeated",
        scan_index: 2,
        region: { code: "510100", name: "成都市" },
        path: "m_q",
      },
    ]);
    const conflict = data.warnings.find((warning: { rule: string }) => warning.rule === "cross_region");
    expect(conflict).toMatchObject({ status: "pending", region: { code: "510100", name: "成都市" } });

    // The inspector's look is not a consumer scan: the count stays.
    expect((await chain.all(`SELECT scan_count FROM trace_codes WHERE code = ?`, [shipped.code]))[0]).toEqual({
      scan_count: 2,
    });

    // The inspection settles the warning and is in the timeline with its place.
    const recorded = await chain.post("/api/inspect/inspections/add", {
      inspection_no: "INQ-1",
      geo: IN_CHENGDU,
      warning_id: conflict.id,
      dealer_id: shipped.dealer_id,
      code: shipped.code,
      result: "cross_region",
    });
    expect(recorded.code, recorded.message).toBe(0);
    expect((await chain.all(`SELECT region_code FROM inspections WHERE inspection_no = 'INQ-1'`))[0]).toEqual({
      region_code: "510100",
    });
    const after = (await inquiry({ code: shipped.code })).data;
    expect(after.position).toBeNull();
    expect(after.detail.timeline.at(-1)).toMatchObject({
      kind: "inspect",
      reason: "cross_region",
      read_point: IN_CHENGDU,
    });
    expect(after.warnings.find((warning: { id: number }) => warning.id === conflict.id)).toMatchObject({
      status: "verified",
      verdict: "cross_region",
    });
  });

  it("tells a mistyped code from an unknown one, as 码查询 does, and refuses a position that is no geo URI", async () => {
    expect((await inquiry({ code: "NO-SUCH-CODE-1" })).code).toBe(40400);
    const bad = await inquiry({ code: "ABC", geo: "30.5,104.0" });
    expect(bad.code).toBe(40000);
    expect(bad.message).toMatch(/geo/);
  });

  it("lists codes from their state: the list's scan count and dealer are the codes' own", async () => {
    const list = await chain.get("/api/inspect/codetraces/pagelist", { page: "1", size: "5", sort: "-scan_count" });
    expect(list.code, list.message).toBe(0);
    for (const row of list.data.list as { code: string; scan_count: number; dealer_id: number | null }[])
      expect((await chain.all(`SELECT scan_count, dealer_id FROM trace_codes WHERE code = ?`, [row.code]))[0]).toEqual({
        scan_count: row.scan_count,
        dealer_id: row.dealer_id,
      });
    const one = list.data.list[0] as { id: number; code: string };
    expect((await chain.get("/api/inspect/codetraces/detail", { id: String(one.id) })).data).toMatchObject({
      code: one.code,
    });
  });
});

describe("region columns in lists", () => {
  it("carry the region's names beside the code, as a reference carries its label", async () => {
    const list = await chain.get("/api/querymanage/consumerscans/pagelist", {
      page: "1",
      size: "50",
      region_code: "510100",
    });
    const placed = (list.data.list as { region_code: string | null; region_code_label: string | null }[]).find(
      (row) => row.region_code === "510100",
    );
    expect(placed?.region_code_label).toBe("四川省 成都市");
  });
});
