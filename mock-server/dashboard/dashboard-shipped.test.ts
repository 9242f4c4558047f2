// The dashboard's shipped figure is the ledger's, as every figure equals a direct count of the
// ledger: the items the day's shipping events moved, less what a later void_shipping
// on the same bol took back, counted here by replaying the raw ledger, and equal to 仓库发货's items
// for the day. It follows a shipment, a reduction and an unbinding, and not a waybill's typed
// ship_date.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../test-fixtures/logistics-stock";
import { call, envelope, login } from "../test-fixtures/test-app";
import { businessDayOf } from "../time/business-day";

let chain: ChainApp;
let token: string;
let s: Stock;
beforeAll(async () => {
  chain = await chainApp();
  token = await login(chain.app, "admin");
  s = await logisticsStock(chain);
}, 120_000);
afterAll(() => chain.app.close());

const ZONE = "Asia/Shanghai"; // the enterprise's default business zone
const today = () => businessDayOf(chain.clock.now, ZONE);
const dashboard = async () => envelope(await call(chain.app, { url: "/api/dashboard/today", token })).data;
const reportItems = async (day: string) => {
  const body = envelope(
    await call(chain.app, { url: "/api/report/shipmentsreport/query", token, query: { date_from: day, date_to: day } }),
  );
  expect(body.code, body.message).toBe(0);
  return (body.data.list as { items: number }[]).reduce((sum, row) => sum + row.items, 0);
};
const must = async (made: ReturnType<ChainApp["post"]>) => {
  const body = await made;
  expect(body.code, body.message).toBe(0);
  return body.data;
};

/** Items shipped per UTC day, replaying the raw ledger: packing gives each package's contents at the time. */
async function ledgerShippedItems(): Promise<Map<string, number>> {
  const parentOf = new Map<string, string>();
  const contents = (root: string): string[] => [
    root,
    ...[...parentOf].filter(([, parent]) => parent === root).flatMap(([child]) => contents(child)),
  ];
  const level = new Map(
    (await chain.all(`SELECT code, code_type FROM trace_codes`)).map((row) => [
      row.code as string,
      row.code_type as string,
    ]),
  );
  const bolOf = async (id: number) =>
    (await chain.all(`SELECT value FROM _ledger_biz_transactions WHERE event_id = ? AND type = 'bol'`, [id]))[0]?.value;
  let units: { root: string; code: string; bol: unknown; day: string }[] = [];
  for (const event of await chain.all(`SELECT id, kind, parent_code, event_time FROM _ledger_events ORDER BY id`)) {
    const codes = (await chain.all(`SELECT code FROM _ledger_event_codes WHERE event_id = ?`, [event.id])).map(
      (row) => row.code as string,
    );
    if (event.kind === "pack") for (const code of codes) parentOf.set(code, event.parent_code as string);
    if (event.kind === "unpack") for (const code of codes) parentOf.delete(code);
    if (event.kind === "ship")
      for (const root of codes)
        for (const code of contents(root))
          units.push({
            root,
            code,
            bol: await bolOf(event.id as number),
            day: businessDayOf(Date.parse(event.event_time as string), ZONE),
          });
    if (event.kind === "void_shipping") {
      const bol = await bolOf(event.id as number);
      units = units.filter((unit) => !(unit.bol === bol && codes.includes(unit.root)));
    }
  }
  const out = new Map<string, number>();
  for (const unit of units) if (level.get(unit.code) === "item") out.set(unit.day, (out.get(unit.day) ?? 0) + 1);
  return out;
}

async function expectAgrees(): Promise<number> {
  const figures = await dashboard();
  const ledger = await ledgerShippedItems();
  expect(figures.shipped).toBe(ledger.get(today()) ?? 0);
  expect(figures.shipped).toBe(await reportItems(today()));
  for (const day of figures.last7days as { date: string; shipped: number }[]) {
    expect(day.shipped, day.date).toBe(ledger.get(day.date) ?? 0);
    expect(day.shipped, day.date).toBe(await reportItems(day.date));
  }
  return figures.shipped as number;
}

describe("the dashboard's shipped figure from the ledger", () => {
  it("on the seeded chain (shipments, a reduction, an exchange, an unbinding): the ledger's count and 仓库发货's, day by day", async () => {
    await expectAgrees();
    expect((await chain.all(`SELECT COUNT(*) AS n FROM shipment_units WHERE items > 0`))[0].n).toBeGreaterThan(0);
  });

  it("follows a shipment, a reduction of a loose item, and an unbinding; not the waybill's typed ship_date", async () => {
    const before = await expectAgrees();
    const W = await draftWaybill(chain, s, s.dealers[0]);
    await must(chain.post("/api/physical/waybillcodes/add", { waybill_id: W.id, code: s.P[0] }));
    await must(chain.post("/api/physical/waybillcodes/add", { waybill_id: W.id, code: s.I[7] }));
    await must(chain.post("/api/physical/waybills/ship", { id: W.id }));
    expect(await expectAgrees()).toBe(before + 7);

    // The typed ship_date moves to another day: the goods still left today.
    await must(chain.post("/api/physical/waybills/update", { id: W.id, ship_date: "2024-05-28" }));
    expect(await expectAgrees()).toBe(before + 7);

    await must(chain.post("/api/physical/waybillreductions/add", { code: s.I[7], reason: "客户少要" }));
    expect(await expectAgrees()).toBe(before + 6);

    await must(chain.post("/api/physical/waybillunlinks/add", { code: s.P[0], reason: "司机未提货" }));
    expect(await expectAgrees()).toBe(before);
  });
});
