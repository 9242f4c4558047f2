// A waybill is received once a receiving event on its bol has named every code the waybill names.
// A capture job checks each waybill its receivings named once, after its events are in (in the
// document's transaction under rollback, in one of its own under proceed), not after every event:
// a check reads the waybill's codes, so one per event made a document of n receivings on one
// waybill cost n² reads (a 10,000-code waybill: 10⁸).
import type { ChainContext } from "../../chain-context";
import { waybillById, waybillsInfo, WaybillStatus, type Waybill } from "../../logistics/waybill-contents";

/** Whether a code the waybill names has no receiving on its bol yet: one statement, stopping at the first. */
async function stillOpen(ctx: ChainContext, waybill: Waybill): Promise<boolean> {
  return !!(await ctx.store.get(
    `SELECT 1 AS open FROM "waybill_codes" w WHERE w."waybill_id" = ? AND NOT EXISTS (
       SELECT 1 FROM _ledger_event_codes c JOIN _ledger_events e ON e.id = c.event_id
       JOIN _ledger_biz_transactions b ON b.event_id = e.id
       WHERE c.code = w."code" AND e.kind = 'receive' AND b.type = 'bol' AND b.value = ?) LIMIT 1`,
    [waybill.id, waybill.waybill_no],
  ));
}

/** Marks each of `waybills` still shipped received when every code it names has been received. */
export async function settleReceived(ctx: ChainContext, waybills: Iterable<Waybill>): Promise<void> {
  for (const waybill of waybills) {
    const current = await waybillById(ctx, waybill.id);
    if (current?.status !== WaybillStatus.shipped || (await stillOpen(ctx, waybill))) continue;
    await ctx.records.update(waybillsInfo(ctx), waybill.id, { status: WaybillStatus.received });
  }
}
