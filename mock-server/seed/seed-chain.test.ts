// The seeded chain agrees with the ledger: every code was issued by the real
// generation in its rule's shape, each batch counts the codes naming it, every state is what the
// events say, links mirror the packed codes, items go into boxes, cases and pallets, a finished
// work order closed its tail box, a closed order voided exactly its unused codes, and the
// production reports and the dashboard equal a direct count of the ledger.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ruleRow, storedShape } from "../domain/codes/code-rules/rule-of";
import { isCodeOf } from "../domain/lookup/code-format";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { directSummary, directWorkOrderStats, type Row } from "../test-fixtures/ledger-recount";

let chain: ChainApp;
beforeAll(async () => {
  chain = await chainApp();
}, 60_000);
afterAll(() => chain.app.close());

const report = async (name: string): Promise<Row[]> => {
  const body = await chain.get(`/api/report/${name}/query`, {});
  expect(body.code, body.message).toBe(0);
  return (body.data.list as Row[]).map((row) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => key !== "id" && !key.endsWith("_label"))),
  );
};
const byKey = (rows: Row[]) =>
  [...rows].sort((a, b) =>
    JSON.stringify([a.day, a.product_id, a.line_id]).localeCompare(JSON.stringify([b.day, b.product_id, b.line_id])),
  );
const total = (rows: Row[], field: string) => rows.reduce((sum, row) => sum + Number(row[field] ?? 0), 0);

describe("the seeded chain's codes come from the real generation", () => {
  it("every seeded code has its batch's rule's shape and check character, and the rule's level", async () => {
    const ctx = chain.app.consoleContext;
    const codes = await chain.all(
      `SELECT t.code, t.code_type, b.rule_id FROM trace_codes t LEFT JOIN code_batches b ON b.id = t.batch_id ORDER BY t.id`,
    );
    expect(codes.length).toBeGreaterThan(100);
    const levels = new Set<string>();
    for (const { code, code_type, rule_id } of codes) {
      expect(rule_id, `${code as string} names no batch with a rule`).not.toBeNull();
      const rule = (await ruleRow(ctx, rule_id as number))!;
      const { shape } = await storedShape(ctx, rule);
      expect(
        shape && isCodeOf(code as string, shape),
        `${code as string} is not a code of rule ${rule.rule_code as string}`,
      ).toBe(true);
      expect(code_type).toBe(rule.code_type);
      levels.add(code_type as string);
    }
    expect([...levels].sort()).toEqual(["box", "case", "item", "pallet"]);
    // Pallets carry SSCCs: extension digit + the enterprise's GS1 company prefix + serial + check, 18 digits.
    const pallets = (await chain.all(`SELECT code FROM trace_codes WHERE code_type = 'pallet'`)).map(
      (row) => row.code as string,
    );
    expect(pallets.length).toBeGreaterThan(0);
    for (const code of pallets) expect(code).toMatch(/^06901234\d{10}$/);
  });

  it("each batch is a finished job whose counts are the codes naming it, from its first code to its last", async () => {
    const batches = await chain.all(
      `SELECT id, quantity, succeeded, failed, status, source, first_code, last_code FROM code_batches ORDER BY id`,
    );
    expect(batches.length).toBeGreaterThan(3);
    for (const batch of batches) {
      const named = (await chain.all(`SELECT code FROM trace_codes WHERE batch_id = ? ORDER BY id`, [batch.id])).map(
        (row) => row.code,
      );
      expect(batch).toMatchObject({
        status: "done",
        source: "generated",
        failed: 0,
        quantity: named.length,
        succeeded: named.length,
        first_code: named[0],
        last_code: named.at(-1),
      });
    }
    expect(await chain.all(`SELECT count(*) AS n FROM trace_codes WHERE batch_id IS NULL`)).toEqual([{ n: 0 }]);
  });

  it("生码查询表's filter by batch answers, for each batch, as many codes as the batch says it issued", async () => {
    const batches = await chain.all(`SELECT id, succeeded FROM code_batches ORDER BY id`);
    for (const batch of batches)
      expect(
        (await chain.get("/api/tagging/tracecodes/pagelist", { page: "1", size: "1", batch_id: String(batch.id) })).data
          .total,
      ).toBe(batch.succeeded);
  });

  it("the ledger issued them: one issue event per batch names exactly its codes, and nothing was imported", async () => {
    expect(await chain.all(`SELECT count(*) AS n FROM _ledger_events WHERE kind = 'import'`)).toEqual([{ n: 0 }]);
    const notIssued = await chain.all(
      `SELECT b.id FROM code_batches b WHERE (SELECT count(*) FROM trace_codes t WHERE t.batch_id = b.id) <>
         (SELECT count(*) FROM trace_codes t JOIN _ledger_event_codes c ON c.code = t.code JOIN _ledger_events e ON e.id = c.event_id WHERE t.batch_id = b.id AND e.kind = 'issue')`,
    );
    expect(notIssued).toEqual([]);
    expect(await chain.all(`SELECT count(*) AS n FROM _ledger_events WHERE kind = 'issue'`)).toEqual(
      await chain.all(`SELECT count(*) AS n FROM code_batches`),
    );
  });

  it("code orders agree with their batches: generated and closed ones have codes, pending ones none", async () => {
    const orders = await chain.all(
      `SELECT o.id, o.status, o.quantity, (SELECT count(*) FROM trace_codes t WHERE t.order_id = o.id) AS issued FROM code_orders o ORDER BY o.id`,
    );
    for (const order of orders)
      expect(order.issued, `code order ${order.id as number} (${order.status as string})`).toBe(
        order.status === "pending" ? 0 : order.quantity,
      );
  });
});

describe("the seeded chain's production and closing", () => {
  it("packs items into boxes, boxes into a case and the case onto an SSCC pallet", async () => {
    const cased = await chain.all(
      `SELECT t.code, t.parent_code, p.code_type AS parent_type FROM trace_codes t JOIN trace_codes p ON p.code = t.parent_code WHERE t.code_type = 'case'`,
    );
    expect(cased.length).toBeGreaterThan(0);
    expect(cased.every((row) => row.parent_type === "pallet")).toBe(true);
    const inCase = (
      await chain.all(`SELECT count(*) AS n FROM trace_codes WHERE parent_code = ? AND code_type = 'box'`, [
        cased[0].code,
      ])
    )[0].n as number;
    expect(inCase).toBeGreaterThan(0);
    expect(
      (
        await chain.all(
          `SELECT count(*) AS n FROM trace_codes t JOIN trace_codes b ON b.code = t.parent_code WHERE t.code_type = 'item' AND b.code_type = 'box'`,
        )
      )[0].n,
    ).toBeGreaterThan(0);
  });

  it("a work order finished through the finish rule: its partial box (and pallet) closed with it, partial", async () => {
    const closes = await chain.all(
      `SELECT e.work_order_id, c.code FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE e.kind = 'close_package' ORDER BY c.code`,
    );
    expect(closes.length).toBeGreaterThan(0);
    for (const { work_order_id, code } of closes) {
      expect(await chain.all(`SELECT status FROM production_orders WHERE id = ?`, [work_order_id])).toEqual([
        { status: "finished" },
      ]);
      const [pkg] = await chain.all(`SELECT code_type, product_id FROM trace_codes WHERE code = ?`, [code]);
      const held = (await chain.all(`SELECT count(*) AS n FROM trace_codes WHERE parent_code = ?`, [code]))[0]
        .n as number;
      const childLevel = { box: "item", case: "box", pallet: "case" }[pkg.code_type as string];
      const ratio = (
        await chain.all(
          `SELECT ratio FROM package_hierarchies WHERE product_id = ? AND level = ? AND child_level = ? ORDER BY id LIMIT 1`,
          [pkg.product_id, pkg.code_type, childLevel],
        )
      )[0].ratio as number;
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThan(ratio);
    }
    const closedTypes: unknown[] = [];
    for (const row of closes)
      closedTypes.push((await chain.all(`SELECT code_type FROM trace_codes WHERE code = ?`, [row.code]))[0].code_type);
    expect(closedTypes).toContain("box");
  });

  it("a closed order voided exactly its unused codes: the closure's count is its voided codes, and they carry the reason", async () => {
    const closures = await chain.all(
      `SELECT c.order_id, c.voided_quantity, c.reason, o.status FROM code_order_closures c JOIN code_orders o ON o.id = c.order_id ORDER BY c.id`,
    );
    expect(closures.length).toBeGreaterThan(0);
    for (const closure of closures) {
      expect(closure.status).toBe("closed");
      expect(
        await chain.all(
          `SELECT count(*) AS n FROM trace_codes WHERE order_id = ? AND status = 'scrapped' AND void_reason = ?`,
          [closure.order_id, closure.reason],
        ),
      ).toEqual([{ n: closure.voided_quantity }]);
      expect(
        await chain.all(`SELECT count(*) AS n FROM trace_codes WHERE order_id = ? AND status = 'generated'`, [
          closure.order_id,
        ]),
      ).toEqual([{ n: 0 }]);
    }
    // One closed after production: some of its codes were used, the rest voided.
    const used: number[] = [];
    for (const closure of closures)
      if ((closure.voided_quantity as number) > 0)
        used.push(
          (
            await chain.all(`SELECT count(*) AS n FROM trace_codes WHERE order_id = ? AND status <> 'scrapped'`, [
              closure.order_id,
            ])
          )[0].n as number,
        );
    expect(used.some((n) => n > 0)).toBe(true);
    expect(await chain.all(`SELECT count(*) AS n FROM trace_codes WHERE status = 'scrapped'`)).toEqual(
      await chain.all(`SELECT COALESCE(SUM(voided_quantity), 0) AS n FROM code_order_closures`),
    );
  });

  it("the production reports equal a direct count of the ledger, and the dashboard agrees with them", async () => {
    const summary = await report("collect");
    expect(byKey(summary)).toEqual(await directSummary(chain.all));
    for (const measure of ["items", "boxes_full", "boxes_partial", "cases", "pallets"])
      expect(total(summary, measure), measure).toBeGreaterThan(0);
    const daily = await report("dateyield");
    for (const measure of ["items", "boxes_full", "boxes_partial"])
      expect(total(daily, measure)).toBe(total(summary, measure));
    const stats = await report("productionorder");
    const expected = await directWorkOrderStats(chain.all);
    expect(
      stats
        .map((row) => Object.fromEntries(Object.keys(expected[0]).map((key) => [key, row[key]])))
        .sort((a, b) => (a.work_order_id as number) - (b.work_order_id as number)),
    ).toEqual(expected);
    // The seeded chain uses codes of more than one level: each keeps its own column.
    expect(total(stats, "items_used")).toBeGreaterThan(0);
    expect(total(stats, "boxes_used")).toBeGreaterThan(0);
    expect(total(stats, "pallets_used")).toBeGreaterThan(0);
    const dashboard = (await chain.get("/api/dashboard/today", {})).data;
    expect(dashboard.items_produced).toBe(total(summary, "items"));
    expect(dashboard.codes_generated).toBe((await chain.all(`SELECT count(*) AS n FROM trace_codes`))[0].n);
  });

  it("is deterministic: a second seed issues the same codes into the same batches", async () => {
    const again = await chainApp();
    try {
      const codes = (app: ChainApp) =>
        app.all(
          `SELECT t.code, b.batch_no, t.status, t.parent_code FROM trace_codes t JOIN code_batches b ON b.id = t.batch_id ORDER BY t.id`,
        );
      expect(await codes(again)).toEqual(await codes(chain));
    } finally {
      await again.app.close();
    }
  }, 60_000);
});

describe("the seeded chain", () => {
  it("every seeded code was issued into the ledger: one issue event names it", async () => {
    expect(
      await chain.all(
        `SELECT count(*) AS n FROM trace_codes t WHERE NOT EXISTS (SELECT 1 FROM _ledger_event_codes c JOIN _ledger_events e ON e.id = c.event_id WHERE c.code = t.code AND e.kind = 'issue')`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it("activated and packed codes are exactly the ones the ledger activated and packed, and links mirror the parents", async () => {
    const activatedByLedger = await chain.all(
      `SELECT DISTINCT c.code FROM _ledger_event_codes c JOIN _ledger_events e ON e.id = c.event_id WHERE e.kind = 'activate' ORDER BY 1`,
    );
    expect(activatedByLedger.length).toBeGreaterThan(0);
    expect(
      await chain.all(
        `SELECT code FROM trace_codes WHERE status IN ('activated', 'packed', 'shipped', 'returned') ORDER BY 1`,
      ),
    ).toEqual(activatedByLedger);
    const packed = await chain.all(
      `SELECT code AS child_code, parent_code FROM trace_codes WHERE parent_code IS NOT NULL ORDER BY 1`,
    );
    expect(packed.length).toBeGreaterThan(0);
    expect(await chain.all(`SELECT child_code, parent_code FROM packaging_links ORDER BY 1`)).toEqual(packed);
    expect(
      await chain.all(
        `SELECT count(*) AS n FROM trace_codes WHERE status NOT IN ('generated', 'activated', 'packed', 'shipped', 'returned', 'scrapped')`,
      ),
    ).toEqual([{ n: 0 }]);
    // Voided codes are the void events' codes (closing).
    expect(await chain.all(`SELECT code FROM trace_codes WHERE status = 'scrapped' ORDER BY 1`)).toEqual(
      await chain.all(
        `SELECT DISTINCT c.code FROM _ledger_event_codes c JOIN _ledger_events e ON e.id = c.event_id WHERE e.kind = 'void' ORDER BY 1`,
      ),
    );
  });

  it("a work order's produced quantity is the ledger's count of the items it activated", async () => {
    const fromLedger = await chain.all(
      `SELECT w.id, (SELECT count(*) FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id JOIN trace_codes t ON t.code = c.code
         WHERE e.kind = 'activate' AND e.work_order_id = w.id AND t.code_type = 'item') AS produced_qty FROM production_orders w ORDER BY w.id`,
    );
    expect(await chain.all(`SELECT id, produced_qty FROM production_orders ORDER BY id`)).toEqual(fromLedger);
    expect(fromLedger.some((row) => (row.produced_qty as number) > 0)).toBe(true);
  });

  it("a work order names a code batch only when the chain produced it, the batch its items came from", async () => {
    const named = await chain.all(
      `SELECT id, code_batch_id FROM production_orders WHERE code_batch_id IS NOT NULL ORDER BY id`,
    );
    const produced = await chain.all(
      `SELECT DISTINCT work_order_id AS id FROM _ledger_events WHERE kind = 'activate' ORDER BY 1`,
    );
    expect(named.map((row) => row.id)).toEqual(produced.map((row) => row.id));
    for (const { id, code_batch_id } of named) {
      const [first] = await chain.all(
        `SELECT c.order_id FROM trace_codes c WHERE c.work_order_id = ? AND c.code_type = 'item' ORDER BY c.id LIMIT 1`,
        [id],
      );
      expect(await chain.all(`SELECT order_id FROM code_batches WHERE id = ?`, [code_batch_id])).toEqual([
        { order_id: first.order_id },
      ]);
    }
  });

  it("every seeded inspection went through the rule: one inspect event each, and the warnings it names are settled", async () => {
    const inspections = await chain.all(
      `SELECT code, result, geo, warning_id, inspector, region_code FROM inspections ORDER BY id`,
    );
    expect(inspections.length).toBeGreaterThanOrEqual(2);
    const events = await chain.all(
      `SELECT ec.code AS code, e.reason AS result, e.read_point AS geo FROM _ledger_events e JOIN _ledger_event_codes ec ON ec.event_id = e.id WHERE e.kind = 'inspect' ORDER BY e.id`,
    );
    expect(events).toEqual(inspections.map(({ code, result, geo }) => ({ code, result, geo })));
    for (const inspection of inspections) {
      expect(inspection.inspector).toBe("editor");
      expect(inspection.region_code).toMatch(/^\d{6}$/);
      if (inspection.warning_id !== null)
        expect(
          await chain.all(`SELECT status, verdict FROM consumer_warnings WHERE id = ?`, [inspection.warning_id]),
        ).toEqual([{ status: "verified", verdict: inspection.result }]);
    }
    // The repeated-scan warning stays open for a newcomer to settle.
    expect(
      (
        await chain.all(
          `SELECT COUNT(*) AS n FROM consumer_warnings WHERE rule = 'repeated_scan' AND status = 'pending'`,
        )
      )[0].n,
    ).toBeGreaterThanOrEqual(1);
  });

  it("the in-stock code the seed scans is an item, as a consumer meets one: its warning names it and its packages", async () => {
    const [warning] = await chain.all(
      `SELECT w.code AS code, w.package_chain AS package_chain, c.code_type AS level
       FROM consumer_warnings w JOIN trace_codes c ON c.code = w.code WHERE w.rule = 'unshipped_scan'`,
    );
    expect(warning).toMatchObject({ level: "item" });
    expect(String(warning.package_chain).split(" → ")).toHaveLength(3);
  });
});
