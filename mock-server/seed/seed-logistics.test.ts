// The seeded logistics agree with the ledger: a shipped code is exactly one whose last logistics
// event is a ship on its waybill (bol), counted by the waybill; no waybill claims to have left the
// warehouse without a ship event; the seed's reduction, exchange and unbinding are in the ledger.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";

let chain: ChainApp;
beforeAll(async () => {
  chain = await chainApp();
}, 60_000);
afterAll(() => chain.app.close());

describe("the seeded logistics", () => {
  it("ships, reduces, exchanges and unbinds through the rules: one event of each, with the waybill's bol", () => {
    const kinds = chain.all(
      `SELECT e.kind, count(*) AS n FROM _ledger_events e JOIN _ledger_biz_transactions b ON b.event_id = e.id AND b.type = 'bol'
       JOIN waybills w ON w.waybill_no = b.value GROUP BY e.kind ORDER BY e.kind`,
    );
    expect(kinds).toEqual([
      { kind: "ship", n: 4 },
      { kind: "void_shipping", n: 3 },
    ]);
    expect(chain.all(`SELECT status, count(*) AS n FROM waybills WHERE id IN (SELECT waybill_id FROM waybill_codes) GROUP BY status ORDER BY status`)).toEqual([
      { status: "pending", n: 1 },
      { status: "shipped", n: 2 },
      { status: "unbound", n: 1 },
    ]);
    expect(chain.all(`SELECT count(*) AS n FROM waybills WHERE status IN ('shipped', 'received') AND id NOT IN (SELECT waybill_id FROM waybill_codes)`)).toEqual([{ n: 0 }]);
  });

  it("every shipped code is inside a code its waybill names, and each waybill's item count is its items shipped now", () => {
    const shipped = chain.all(`SELECT waybill_id, count(*) AS n FROM trace_codes WHERE status = 'shipped' AND code_type = 'item' GROUP BY waybill_id ORDER BY waybill_id`);
    expect(shipped.length).toBe(2);
    for (const { waybill_id, n } of shipped) expect(chain.all(`SELECT item_count FROM waybills WHERE id = ?`, [waybill_id])).toEqual([{ item_count: n }]);
    const outside = chain.all(
      `SELECT t.code FROM trace_codes t WHERE t.status = 'shipped'
       AND NOT EXISTS (SELECT 1 FROM waybill_codes c WHERE c.waybill_id = t.waybill_id AND (c.code = t.code OR c.code = t.parent_code))`,
    );
    expect(outside).toEqual([]);
  });
});
