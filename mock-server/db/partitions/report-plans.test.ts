// The production report's view (production_output) on the partitioned layout, where the ledger's
// event times are compared in the "C" collation: each event's business day is found through the
// calendar's index. A calendar keyed in the database's collation was walked row by row for every
// unit (some 27,000 rows each), and the view took minutes over the demo's data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "../../app";
import { createContext, type AppContext } from "../../context";
import { plantEvent } from "../../test-fixtures/planted-events";
import { contract } from "../../generated/contract.gen";
import { resolveOptions } from "../../options";
import { CALENDAR_TABLE } from "../../time/business-calendar";
import { planOf } from "../../test-fixtures/pg-plans";
import { testDatabase, testEngine } from "../../test-fixtures/test-database";

const BOXES = 30;
const ITEMS_PER_BOX = 20;
/** The last box is short by this many items: a partial box beside the full ones. */
const SHORT = 7;
const NOW = Date.parse("2026-03-15T12:00:00Z");

describe.runIf(testEngine() === "postgres")("the production report's view on the partitioned layout", () => {
  let ctx: AppContext;
  const items = BOXES * ITEMS_PER_BOX - SHORT;

  beforeAll(async () => {
    ctx = createContext(
      resolveOptions({
        contract,
        dbFile: await testDatabase(),
        seed: false,
        docs: false,
        partitionedLayout: true,
        clock: () => NOW,
      }),
    );
    await prepareDatabase(ctx);
    const product = await ctx.store.get<{ id: number }>(
      `INSERT INTO products (product_code, product_name, status) VALUES ('P-PLAN', 'plan', 'active') RETURNING id`,
    );
    await ctx.store.run(
      `INSERT INTO package_hierarchies (product_id, level, child_level, ratio) VALUES (?, 'box', 'item', ?)`,
      [product!.id, ITEMS_PER_BOX],
    );
    await ctx.store.run(
      `INSERT INTO trace_codes (code, code_type, status, product_id) SELECT 'B' || n, 'box', 'packed', ? FROM generate_series(1, ?) AS n`,
      [product!.id, BOXES],
    );
    await ctx.store.run(
      `INSERT INTO trace_codes (code, code_type, status, product_id, parent_code)
       SELECT 'I' || n, 'item', 'packed', ?, 'B' || ((n - 1) / ? + 1) FROM generate_series(1, ?) AS n`,
      [product!.id, ITEMS_PER_BOX, items],
    );
    for (let box = 1; box <= BOXES; box += 1) {
      const codes = Array.from(
        { length: box === BOXES ? ITEMS_PER_BOX - SHORT : ITEMS_PER_BOX },
        (_, i) => `I${(box - 1) * ITEMS_PER_BOX + i + 1}`,
      );
      const eventTime = new Date(NOW - (BOXES - box) * 3_600_000).toISOString();
      await plantEvent(ctx, { kind: "activate", codes, eventTime, operator: "plan" });
      await plantEvent(ctx, { kind: "pack", codes, parentCode: `B${box}`, eventTime, operator: "plan" });
    }
    await ctx.store.exec("ANALYZE");
  }, 120_000);
  afterAll(() => ctx?.store.close());

  it("finds each unit's business day through the calendar's index, reading no calendar row it throws away", async () => {
    const { reads } = await planOf(ctx.store, `SELECT * FROM production_output`, [], true);
    const calendar = reads.filter((read) => read.table === CALENDAR_TABLE);
    expect(calendar.length).toBeGreaterThan(0);
    for (const read of calendar) expect(read, read.how).toMatchObject({ how: "Index Scan", removed: 0 });
  });

  it("counts the full boxes and the partial one", async () => {
    expect(
      await ctx.store.get(
        `SELECT SUM(items) AS items, SUM(boxes_full) AS full_boxes, SUM(boxes_partial) AS partial_boxes FROM production_output`,
      ),
    ).toEqual({ items, full_boxes: BOXES - 1, partial_boxes: 1 });
  });
});
