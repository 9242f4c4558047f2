// A PostgreSQL database whose business calendar was keyed in the database's collation (made before
// the calendar's starts were "C") gets the key made "C" at its next start, on either layout: the
// production report's view then finds each unit's day through the calendar's index again. Planned
// as db/partitions/report-plans.test.ts does, on a calendar put back the way an older start made it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "../app";
import { createContext, type AppContext } from "../context";
import { dropReadingViews } from "../db/reading-views";
import { schemaChangeMark } from "../db/schema-catalog";
import { plantEvent } from "../test-fixtures/planted-events";
import { contract } from "../generated/contract.gen";
import { resolveOptions } from "../options";
import { planOf } from "../test-fixtures/pg-plans";
import { testDatabase, testEngine } from "../test-fixtures/test-database";
import { CALENDAR_TABLE } from "./business-calendar";
import { calendarKeyCollation, keyCalendarInByteOrder } from "./calendar-collation";

const BOXES = 12;
const ITEMS_PER_BOX = 10;
const NOW = Date.parse("2026-03-15T12:00:00Z");

const calendarReads = async (ctx: AppContext) =>
  (await planOf(ctx.store, `SELECT * FROM production_output`, [], true)).reads.filter(
    (read) => read.table === CALENDAR_TABLE,
  );

describe.runIf(testEngine() === "postgres").each([
  { layout: "partitioned", partitionedLayout: true },
  { layout: "plain", partitionedLayout: false },
])("a calendar keyed in the database's collation, on the $layout layout", ({ partitionedLayout }) => {
  let ctx: AppContext;

  beforeAll(async () => {
    ctx = createContext(
      resolveOptions({
        contract,
        dbFile: await testDatabase(),
        seed: false,
        docs: false,
        partitionedLayout,
        clock: () => NOW,
      }),
    );
    await prepareDatabase(ctx);
    const product = await ctx.store.get<{ id: number }>(
      `INSERT INTO products (product_code, product_name, status) VALUES ('P-CAL', 'calendar', 'active') RETURNING id`,
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
      [product!.id, ITEMS_PER_BOX, BOXES * ITEMS_PER_BOX],
    );
    for (let box = 1; box <= BOXES; box += 1) {
      const codes = Array.from({ length: ITEMS_PER_BOX }, (_, i) => `I${(box - 1) * ITEMS_PER_BOX + i + 1}`);
      const eventTime = new Date(NOW - (BOXES - box) * 3_600_000).toISOString();
      await plantEvent(ctx, { kind: "activate", codes, eventTime, operator: "calendar" });
      await plantEvent(ctx, { kind: "pack", codes, parentCode: `B${box}`, eventTime, operator: "calendar" });
    }
    // The calendar as a start before its key was "C" made it.
    await ctx.store.transaction(async () => {
      await dropReadingViews(ctx.store, [CALENDAR_TABLE]);
      await ctx.store.exec(`ALTER TABLE ${CALENDAR_TABLE} ALTER COLUMN starts_at TYPE TEXT COLLATE "default"`);
    });
    await ctx.store.exec("ANALYZE");
  }, 120_000);
  afterAll(() => ctx?.store.close());

  it("is keyed in the database's collation before the start", async () => {
    expect(await calendarKeyCollation(ctx.store)).toBe("default");
  });

  it("is made C at the next start, and each unit's day is found through its index, reading no row it throws away", async () => {
    await prepareDatabase(ctx);
    expect(await calendarKeyCollation(ctx.store)).toBe("C");
    await ctx.store.exec("ANALYZE");
    const calendar = await calendarReads(ctx);
    expect(calendar.length).toBeGreaterThan(0);
    for (const read of calendar) expect(read, read.how).toMatchObject({ how: "Index Scan", removed: 0 });
    expect(
      await ctx.store.get(`SELECT SUM(items) AS items, SUM(boxes_full) AS full_boxes FROM production_output`),
    ).toEqual({ items: BOXES * ITEMS_PER_BOX, full_boxes: BOXES });
  });

  it("is left alone once C: a start after changes nothing in the schema", async () => {
    const before = await schemaChangeMark(ctx.store);
    expect(await keyCalendarInByteOrder(ctx.store)).toBe(false);
    await prepareDatabase(ctx);
    expect(await schemaChangeMark(ctx.store)).toBe(before);
  });
});
