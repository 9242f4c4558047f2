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
  it("ships, reduces, exchanges and unbinds through the rules: one event of each, with the waybill's bol", async () => {
    const kinds = await chain.all(
      `SELECT e.kind, count(*) AS n FROM _ledger_events e JOIN _ledger_biz_transactions b ON b.event_id = e.id AND b.type = 'bol'
       JOIN waybills w ON w.waybill_no = b.value GROUP BY e.kind ORDER BY e.kind`,
    );
    expect(kinds).toEqual([
      { kind: "return", n: 2 },
      { kind: "ship", n: 4 },
      { kind: "void_shipping", n: 3 },
    ]);
    expect(
      await chain.all(
        `SELECT status, count(*) AS n FROM waybills WHERE id IN (SELECT waybill_id FROM waybill_codes) GROUP BY status ORDER BY status`,
      ),
    ).toEqual([
      { status: "pending", n: 1 },
      { status: "shipped", n: 2 },
      { status: "unbound", n: 1 },
    ]);
    expect(
      await chain.all(
        `SELECT count(*) AS n FROM waybills WHERE status IN ('shipped', 'received') AND id NOT IN (SELECT waybill_id FROM waybill_codes)`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it("returns: one returned box with its items under RMA-0001, one item returned and freed; returned codes are attributed to no dealer", async () => {
    expect(await chain.all(`SELECT return_no, quantity, status FROM returns ORDER BY return_no`)).toEqual([
      { return_no: "RMA-0001", quantity: expect.any(Number), status: "received" },
      { return_no: "RMA-0002", quantity: 1, status: "received" },
    ]);
    expect(await chain.all(`SELECT count(*) AS n FROM return_unlinks`)).toEqual([{ n: 1 }]);
    expect(
      (
        await chain.all(
          `SELECT code_type, count(*) AS n FROM trace_codes WHERE status = 'returned' GROUP BY code_type ORDER BY code_type`,
        )
      )[0],
    ).toEqual({ code_type: "box", n: 1 });
  });

  it("every shipped code is inside a code its waybill names, and each waybill's item count is the items inside the codes it names", async () => {
    // Codes in the seed are at most two levels deep (boxes of items).
    const counted = await chain.all(
      `SELECT w.id, w.item_count, (SELECT count(*) FROM waybill_codes c JOIN trace_codes t ON t.code = c.code OR t.parent_code = c.code
         WHERE c.waybill_id = w.id AND t.code_type = 'item') AS items FROM waybills w WHERE w.id IN (SELECT waybill_id FROM waybill_codes) ORDER BY w.id`,
    );
    expect(counted.length).toBe(4);
    for (const row of counted) expect(row.item_count).toBe(row.items);
    const shipped = await chain.all(`SELECT DISTINCT waybill_id FROM trace_codes WHERE status = 'shipped'`);
    expect(shipped.length).toBe(2);
    const outside = await chain.all(
      `SELECT t.code FROM trace_codes t WHERE t.status = 'shipped'
       AND NOT EXISTS (SELECT 1 FROM waybill_codes c WHERE c.waybill_id = t.waybill_id AND (c.code = t.code OR c.code = t.parent_code))`,
    );
    expect(outside).toEqual([]);
  });

  it("only shipping attributes a code: no code in stock or never activated names a waybill, a dealer or a ship time", async () => {
    expect((await chain.all(`SELECT COUNT(*) AS n FROM trace_codes WHERE status = 'shipped'`))[0].n).toBeGreaterThan(0);
    expect(
      await chain.all(
        `SELECT status, COUNT(*) AS n FROM trace_codes WHERE status NOT IN ('shipped', 'returned')
         AND (waybill_id IS NOT NULL OR dealer_id IS NOT NULL OR shipped_at IS NOT NULL) GROUP BY status ORDER BY status`,
      ),
    ).toEqual([]);
  });
});
