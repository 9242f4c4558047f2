// One day of the seeded history on the lines: each running line gets a work order for one of the
// products (its expiry date its production date plus the product's shelf life), its item and box
// code orders generated in the morning, the items activated in two runs and packed ten to a box,
// full boxes five to a case, the work order finished in the afternoon with its
// tail box closed and its item order closed (the spare labels voided), and its packages handed
// over to the warehouse (成品交接). Weekends run one line, lighter.
import type { AppContext } from "../context";
import { closeCodeOrderCodes } from "../domain/codes/close-code-order";
import { closeTailPackages, tailPackages } from "../domain/production/finish-work-order";
import { handOverPackages } from "../domain/logistics/hand-over-packages";
import type { Row } from "../resources/row-codec";
import { atHour, compactDate, isWeekend, MINUTE_MS, type HistoryDay } from "./history-calendar";
import { expiryOf } from "./seed-shelf-life";
import type { HistoryCast } from "./history-cast";
import type { Prng } from "./prng";
import type { SeedClock } from "./seed-clock";
import type { SeededGeneration } from "./seed-code-orders";
import { activateRun, BOXES_PER_CASE, ITEMS_PER_BOX, nameCodeBatch, orderCodes, packInto } from "./seed-production";

/** A package handed over to the warehouse, with the items inside it. */
export interface StockedPackage {
  readonly code: string;
  readonly items: readonly string[];
}

/** Items a line makes in a day: weekdays on every line, weekends on the first only, fewer. */
function itemsToMake(day: HistoryDay, line: number, rng: Prng): number {
  if (!isWeekend(day)) return rng.int(35, 85);
  if (line > 0) return 0;
  return day.weekday === 6 ? rng.int(18, 36) : rng.int(9, 24);
}

async function workOrderFor(
  clock: SeedClock,
  seed: SeededGeneration,
  cast: HistoryCast,
  day: HistoryDay,
  line: number,
  items: number,
): Promise<Row> {
  const { ctx } = clock;
  const info = ctx.catalog.info("production_orders");
  const product = cast.products[(day.index + line) % cast.products.length];
  const id = await ctx.records.insert(
    info,
    {
      order_no: `WO${compactDate(day.start)}-${line + 1}`,
      product_id: product.id,
      line_id: cast.lines[line],
      batch_no: `L${line + 1}${compactDate(day.start)}`,
      planned_qty: Math.ceil(items / ITEMS_PER_BOX) * ITEMS_PER_BOX,
      production_date: day.date,
      expiry_date: expiryOf(day.date, product.shelfLifeDays),
      remark: null,
    },
    { account: seed.operator },
  );
  await ctx.records.update(info, id, { status: "in_progress" });
  return (await ctx.records.row(info, id))!;
}

/** The line's run of the day from `start`; the packages it handed over. */
async function runLine(
  clock: SeedClock,
  seed: SeededGeneration,
  cast: HistoryCast,
  day: HistoryDay,
  line: number,
  items: number,
  start: number,
): Promise<StockedPackage[]> {
  const { ctx } = clock;
  let now = start;
  const step = (minutes: number) => clock.set((now += minutes * MINUTE_MS));
  clock.set(now);
  const workOrder = await workOrderFor(clock, seed, cast, day, line, items);
  const boxCount = Math.ceil(items / ITEMS_PER_BOX);
  const caseCount = Math.floor(Math.floor(items / ITEMS_PER_BOX) / BOXES_PER_CASE);
  const itemOrder = await orderCodes(ctx, seed, workOrder, "item", items + seed.rng.int(2, 8));
  const boxOrder = await orderCodes(ctx, seed, workOrder, "box", boxCount + 1);
  const caseOrder = caseCount ? await orderCodes(ctx, seed, workOrder, "case", caseCount) : undefined;
  if (!itemOrder || !boxOrder) return [];
  await nameCodeBatch(ctx, workOrder.id as number, itemOrder.batchId);
  const itemCodes = itemOrder.codes.slice(0, items);
  const boxes = boxOrder.codes.slice(0, boxCount);
  step(20);
  await activateRun(ctx, seed, workOrder, boxes, "box");
  // Two activation runs, morning and after the break; each box is packed as it fills.
  const half = Math.ceil(boxCount / 2) * ITEMS_PER_BOX;
  const contents = new Map<string, string[]>();
  for (const [index, box] of boxes.entries()) {
    if (index * ITEMS_PER_BOX === 0 || index * ITEMS_PER_BOX === half) {
      step(5);
      await activateRun(ctx, seed, workOrder, itemCodes.slice(index * ITEMS_PER_BOX, index ? items : half), "item");
    }
    step(seed.rng.int(6, 12));
    const inside = itemCodes.slice(index * ITEMS_PER_BOX, (index + 1) * ITEMS_PER_BOX);
    await packInto(ctx, seed, workOrder, box, inside);
    contents.set(box, inside);
  }
  const stocked: StockedPackage[] = [];
  const cased = new Set<string>();
  for (const [index, caseCode] of (caseOrder?.codes ?? []).entries()) {
    step(4);
    await activateRun(ctx, seed, workOrder, [caseCode], "case");
    const held = boxes.slice(index * BOXES_PER_CASE, (index + 1) * BOXES_PER_CASE);
    await packInto(ctx, seed, workOrder, caseCode, held);
    held.forEach((box) => cased.add(box));
    stocked.push({ code: caseCode, items: held.flatMap((box) => contents.get(box) ?? []) });
  }
  for (const box of boxes) if (!cased.has(box)) stocked.push({ code: box, items: contents.get(box) ?? [] });
  // 完工, confirmed: the tail box closes partial; 关闭订单 voids the item order's spare labels.
  step(15);
  const tails = await tailPackages(ctx, workOrder.id as number);
  if (tails.length) await closeTailPackages(ctx, workOrder.id as number, tails, seed.operator);
  await ctx.records.update(ctx.catalog.info("production_orders"), workOrder.id as number, { status: "finished" });
  await closeCodeOrderCodes(ctx, ctx.catalog.info("code_orders"), itemOrder.orderId, seed.operator);
  await ctx.records.update(ctx.catalog.info("code_orders"), itemOrder.orderId, { status: "closed" });
  step(10);
  await handOver(ctx, seed, cast, line, stocked);
  return stocked;
}

async function handOver(
  ctx: AppContext,
  seed: SeededGeneration,
  cast: HistoryCast,
  line: number,
  stocked: readonly StockedPackage[],
): Promise<void> {
  const info = ctx.catalog.find("handovers");
  if (!info || !stocked.length) return;
  const actor = { account: seed.operator };
  const input = {
    codes: stocked.map((pkg) => pkg.code).join("\n"),
    line_id: cast.lines[line],
    warehouse_id: cast.warehouseId,
  };
  const filled = await handOverPackages.run({ ctx, info, input, actor });
  await ctx.records.insert(info, { ...input, ...filled }, actor);
}

/** The day's production on every running line, one after the other from 00:20 UTC; the packages handed over. */
export async function produceDay(
  clock: SeedClock,
  seed: SeededGeneration,
  cast: HistoryCast,
  day: HistoryDay,
): Promise<StockedPackage[]> {
  let start = atHour(day, 1 / 3);
  const stocked: StockedPackage[] = [];
  for (const line of cast.lines.keys()) {
    const items = itemsToMake(day, line, seed.rng);
    if (!items) continue;
    stocked.push(...(await runLine(clock, seed, cast, day, line, items, start)));
    start = clock.now() + 10 * MINUTE_MS;
  }
  return stocked;
}
