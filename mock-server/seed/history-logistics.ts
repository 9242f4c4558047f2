// One day of the seeded history at the warehouse: what the lines handed over on earlier days
// leaves on two to four waybills (one or two at weekends) to the history's dealers, first in first
// out, through the same calls as 仓库发货 (add each package, ship the waybill); and now and then a
// box comes back from a dealer (退货), is freed after inspection (退货解绑) and ships again.
import type { AppContext } from "../context";
import { addToWaybill } from "../domain/logistics/add-waybill-code";
import { freeReturnedCode, receiveReturn } from "../domain/returns/returns";
import { shipWaybillCodes } from "../domain/logistics/ship-waybill";
import { waybillCodesInfo, waybillsInfo, WaybillStatus } from "../domain/logistics/waybill-contents";
import { compactDate, isWeekend, MINUTE_MS, type HistoryDay } from "./history-calendar";
import type { HistoryCast, HistoryDealer } from "./history-cast";
import type { StockedPackage } from "./history-production";
import type { SeedClock } from "./seed-clock";
import type { SeededGeneration } from "./seed-code-orders";
import { CARRIERS } from "./zh-words";

export interface Shipment {
  readonly waybillId: number;
  readonly dealer: HistoryDealer;
  readonly packages: readonly StockedPackage[];
}

function waybillCount(day: HistoryDay, seed: SeededGeneration): number {
  if (!isWeekend(day)) return seed.rng.int(2, 4);
  return day.weekday === 6 ? 2 : 1;
}

/** Ships the whole of `stock` (emptied) on the day's waybills, from `start`; the shipments. */
export async function shipDay(
  clock: SeedClock,
  seed: SeededGeneration,
  cast: HistoryCast,
  day: HistoryDay,
  stock: StockedPackage[],
  start: number,
): Promise<Shipment[]> {
  const { ctx } = clock;
  const actor = { account: seed.operator };
  const count = Math.min(waybillCount(day, seed), stock.length);
  const shipments: Shipment[] = [];
  let now = start;
  for (let index = 0; index < count; index += 1) {
    const take = Math.ceil(stock.length / (count - index));
    const packages = stock.splice(0, take);
    const dealer = seed.rng.pick(cast.dealers);
    clock.set((now += seed.rng.int(10, 25) * MINUTE_MS));
    const waybillId = await ctx.records.insert(
      waybillsInfo(ctx),
      {
        waybill_no: `WB${compactDate(day.start)}${String(index + 1).padStart(2, "0")}`,
        dealer_id: dealer.id,
        warehouse_id: cast.warehouseId,
        ship_date: day.date,
        carrier: seed.rng.pick(CARRIERS),
        tracking_no: `SF${seed.rng.digits(12)}`,
        status: WaybillStatus.draft,
        remark: null,
      },
      actor,
    );
    for (const pkg of packages)
      await ctx.records.insert(
        waybillCodesInfo(ctx),
        { waybill_id: waybillId, code: pkg.code, ...(await addToWaybill(ctx, waybillId, pkg.code)) },
        actor,
      );
    clock.set((now += 5 * MINUTE_MS));
    await ctx.records.update(waybillsInfo(ctx), waybillId, {
      status: WaybillStatus.shipped,
      shipped_at: ctx.records.now(),
    });
    await shipWaybillCodes(ctx, waybillId, seed.operator);
    shipments.push({ waybillId, dealer, packages });
  }
  return shipments;
}

/** 退货: the dealer of `shipment` sends `pkg` back to the warehouse. */
export async function receivePackage(
  ctx: AppContext,
  seed: SeededGeneration,
  shipment: Shipment,
  pkg: StockedPackage,
  returnNo: string,
): Promise<void> {
  const reason = "外包装破损";
  const filled = await receiveReturn(ctx, {
    returnNo,
    dealerId: shipment.dealer.id,
    warehouseId: (await ctx.records.row(waybillsInfo(ctx), shipment.waybillId))!.warehouse_id as number,
    codes: [pkg.code],
    reason,
    operator: seed.operator,
  });
  await ctx.records.insert(
    ctx.catalog.info("returns"),
    {
      return_no: returnNo,
      dealer_id: shipment.dealer.id,
      warehouse_id: (await ctx.records.row(waybillsInfo(ctx), shipment.waybillId))!.warehouse_id,
      codes: pkg.code,
      reason,
      ...filled,
    },
    { account: seed.operator },
  );
}

/** 退货解绑: the returned package passed its check and is stock again. */
export async function freePackage(ctx: AppContext, seed: SeededGeneration, pkg: StockedPackage): Promise<void> {
  const reason = "复检合格，重新入库";
  await ctx.records.insert(
    ctx.catalog.info("return_unlinks"),
    { code: pkg.code, reason, ...(await freeReturnedCode(ctx, pkg.code, reason, seed.operator)) },
    { account: seed.operator },
  );
}
