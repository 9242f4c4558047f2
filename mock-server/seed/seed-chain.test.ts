// The seeded chain agrees with the ledger: every code has its issue, every state is what the
// events say, links mirror the packed codes, and produced quantities are the ledger's count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";

let chain: ChainApp;
beforeAll(async () => {
  chain = await chainApp();
}, 60_000);
afterAll(() => chain.app.close());

describe("the seeded chain", () => {
  it("every seeded code was taken into the ledger: one import event names it", () => {
    expect(chain.all(`SELECT count(*) AS n FROM trace_codes t WHERE NOT EXISTS (SELECT 1 FROM _ledger_event_codes c JOIN _ledger_events e ON e.id = c.event_id WHERE c.code = t.code AND e.kind IN ('import', 'issue'))`)).toEqual([{ n: 0 }]);
  });

  it("activated and packed codes are exactly the ones the ledger activated and packed, and links mirror the parents", () => {
    const activatedByLedger = chain.all(`SELECT DISTINCT c.code FROM _ledger_event_codes c JOIN _ledger_events e ON e.id = c.event_id WHERE e.kind = 'activate' ORDER BY 1`);
    expect(activatedByLedger.length).toBeGreaterThan(0);
    expect(chain.all(`SELECT code FROM trace_codes WHERE status IN ('activated', 'packed', 'shipped', 'returned') ORDER BY 1`)).toEqual(activatedByLedger);
    const packed = chain.all(`SELECT code AS child_code, parent_code FROM trace_codes WHERE parent_code IS NOT NULL ORDER BY 1`);
    expect(packed.length).toBeGreaterThan(0);
    expect(chain.all(`SELECT child_code, parent_code FROM packaging_links ORDER BY 1`)).toEqual(packed);
    expect(chain.all(`SELECT count(*) AS n FROM trace_codes WHERE status NOT IN ('generated', 'activated', 'packed', 'shipped', 'returned')`)).toEqual([{ n: 0 }]);
  });

  it("a work order's produced quantity is the ledger's count of the items it activated", () => {
    const fromLedger = chain.all(
      `SELECT w.id, (SELECT count(*) FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id JOIN trace_codes t ON t.code = c.code
         WHERE e.kind = 'activate' AND e.work_order_id = w.id AND t.code_type = 'item') AS produced_qty FROM production_orders w ORDER BY w.id`,
    );
    expect(chain.all(`SELECT id, produced_qty FROM production_orders ORDER BY id`)).toEqual(fromLedger);
    expect(fromLedger.some((row) => (row.produced_qty as number) > 0)).toBe(true);
  });

  it("a work order names a code batch only when the chain produced it, the batch its items came from", () => {
    const named = chain.all(`SELECT id, code_batch_id FROM production_orders WHERE code_batch_id IS NOT NULL ORDER BY id`);
    const produced = chain.all(`SELECT DISTINCT work_order_id AS id FROM _ledger_events WHERE kind = 'activate' ORDER BY 1`);
    expect(named.map((row) => row.id)).toEqual(produced.map((row) => row.id));
    for (const { id, code_batch_id } of named) {
      const [first] = chain.all(`SELECT c.order_id FROM trace_codes c WHERE c.work_order_id = ? AND c.code_type = 'item' ORDER BY c.id LIMIT 1`, [id]);
      expect(chain.all(`SELECT order_id FROM code_batches WHERE id = ?`, [code_batch_id])).toEqual([{ order_id: first!.order_id }]);
    }
  });

  it("issue 12 item 10: every seeded inspection went through the rule: one inspect event each, and the warnings it names are settled", () => {
    const inspections = chain.all(`SELECT code, result, geo, warning_id, inspector, region_code FROM inspections ORDER BY id`);
    expect(inspections.length).toBeGreaterThanOrEqual(2);
    const events = chain.all(`SELECT ec.code AS code, e.reason AS result, e.read_point AS geo FROM _ledger_events e JOIN _ledger_event_codes ec ON ec.event_id = e.id WHERE e.kind = 'inspect' ORDER BY e.id`);
    expect(events).toEqual(inspections.map(({ code, result, geo }) => ({ code, result, geo })));
    for (const inspection of inspections) {
      expect(inspection.inspector).toBe("editor");
      expect(inspection.region_code).toMatch(/^\d{6}$/);
      if (inspection.warning_id !== null)
        expect(chain.all(`SELECT status, verdict FROM consumer_warnings WHERE id = ?`, [inspection.warning_id])).toEqual([{ status: "verified", verdict: inspection.result }]);
    }
    // The repeated-scan warning stays open for a newcomer to settle.
    expect(chain.all(`SELECT COUNT(*) AS n FROM consumer_warnings WHERE rule = 'repeated_scan' AND status = 'pending'`)[0]!.n).toBeGreaterThanOrEqual(1);
  });
});
