// An inspection record: stamped with the inspector and time, it settles the
// warning it names (verified, with the verdict, who and when), refuses a settled warning or one
// about another code without changing anything, and appends an inspecting event whose readPoint is
// the geo URI — which the EPCIS export carries, valid against GS1's schema.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { epcisSchemaErrors } from "../../test-fixtures/epcis-schema";
import { call, envelope, login } from "../../test-fixtures/test-app";
import { ipRegionTable } from "../../regions/ip-region";
import { authoriseDealer } from "../../test-fixtures/dealer-regions";

const GEO = "geo:30.2741,120.1551";
let chain: ChainApp;
let token: string;
let code: string;
let dealerId: number;
let warningId: number;

const inspect = (body: Record<string, unknown>) =>
  chain.post("/api/inspect/inspections/add", {
    inspection_no: `IN-${Math.random().toString(36).slice(2, 8)}`,
    dealer_id: dealerId,
    result: "cross_region",
    code,
    geo: GEO,
    ...body,
  });
const tables = async () => ({
  ...(await chain.snapshot()),
  inspections: await chain.all(`SELECT * FROM inspections ORDER BY id`),
  warnings: await chain.all(`SELECT * FROM consumer_warnings ORDER BY id`),
});

beforeAll(async () => {
  chain = await chainApp({ ipRegions: ipRegionTable({ "58.192.0.1": "320100" }) });
  token = await login(chain.app, "admin");
  const shipped = (
    await chain.all(
      `SELECT code, dealer_id FROM trace_codes WHERE status = 'shipped' AND scan_count = 0 ORDER BY id LIMIT 1`,
    )
  )[0];
  code = shipped.code as string;
  dealerId = shipped.dealer_id as number;
  await authoriseDealer(chain.app.consoleContext, dealerId, ["330000"]);
  // A consumer in Nanjing scans a code sold to a Zhejiang dealer: a channel-conflict warning.
  await chain.app.inject({ method: "GET", url: "/api/public/scan", query: { code }, remoteAddress: "58.192.0.1" });
  warningId = (await chain.all(`SELECT id FROM consumer_warnings WHERE rule = 'cross_region' AND code = ?`, [code]))[0]
    .id as number;
}, 60_000);
afterAll(() => chain.app.close());

describe("inspections.create (record-inspection)", () => {
  it("refuses a bad geo URI, an unknown warning and a warning about another code, changing nothing", async () => {
    const before = await tables();
    expect((await inspect({ geo: "30.27,120.15" })).status_code).toBe(400);
    expect((await inspect({ warning_id: 999_999 })).status_code).toBe(400);
    const other = (await chain.all(`SELECT code FROM trace_codes WHERE code <> ? ORDER BY id LIMIT 1`, [code]))[0]
      .code as string;
    expect((await inspect({ warning_id: warningId, code: other })).message).toBe(
      `warning_id: the warning is about ${code}, not ${other}`,
    );
    expect(await tables()).toEqual(before);
  });

  it("settles the warning it names: verified, with the verdict, the inspector and the time; the ledger gets an inspecting event at the geo URI", async () => {
    const answer = await inspect({ warning_id: warningId });
    expect(answer.code, answer.message).toBe(0);
    expect(answer.data).toMatchObject({
      inspector: "admin",
      inspected_at: "2024-06-01T08:00:00Z",
      warning_id: warningId,
    });
    expect(
      (
        await chain.all(`SELECT status, verdict, handled_by, handled_at FROM consumer_warnings WHERE id = ?`, [
          warningId,
        ])
      )[0],
    ).toEqual({
      status: "verified",
      verdict: "cross_region",
      handled_by: "admin",
      handled_at: "2024-06-01T08:00:00Z",
    });
    expect(
      await chain.all(
        `SELECT e.kind, e.biz_step, e.read_point, e.reason FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE c.code = ? AND e.kind = 'inspect'`,
        [code],
      ),
    ).toEqual([{ kind: "inspect", biz_step: "inspecting", read_point: GEO, reason: "cross_region" }]);
    const exported = envelope(await call(chain.app, { url: "/api/tagging/tracecodes/epcis", token, query: { code } }));
    expect(epcisSchemaErrors(exported.data)).toEqual([]);
    const inspecting = (exported.data.epcisBody.eventList as Record<string, unknown>[]).filter(
      (event) => event.bizStep === "inspecting" && event["tc:kind"] === "inspect",
    );
    expect(inspecting).toEqual([
      expect.objectContaining({ type: "ObjectEvent", action: "OBSERVE", readPoint: { id: GEO } }),
    ]);
  });

  it("refuses to settle a warning twice, changing nothing", async () => {
    const before = await tables();
    const again = await inspect({ warning_id: warningId });
    expect(again).toMatchObject({
      status_code: 409,
      message: "warning_id: the warning is already verified; only a pending or in-progress warning is settled",
    });
    expect(await tables()).toEqual(before);
  });
});
