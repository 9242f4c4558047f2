// After production, logistics is made true through its rules: the randomly seeded
// waybills hold no codes, so any that claims to have left the warehouse is cancelled and every
// count is zero; then a few seeded drafts take the produced boxes and loose items through the same
// functions the calls use — shipped to two dealers, one reduced, one exchanged, one unbound, and
// one left a draft; a box returned, an item returned and freed (退货解绑) — so waybills, returns,
// trace codes and the ledger agree.
import type { AppContext } from "../context";
import { addToWaybill } from "../domain/logistics/add-waybill-code";
import { exchangeWaybillCode } from "../domain/logistics/exchange-waybill-code";
import { CodeStatus } from "../domain/ledger/event-vocabulary";
import { reduceWaybillCode } from "../domain/logistics/reduce-waybill";
import { freeReturnedCode, receiveReturn } from "../domain/returns/returns";
import { shipWaybillCodes } from "../domain/logistics/ship-waybill";
import { unbindWaybillOf } from "../domain/logistics/unbind-waybill";
import { waybillCodesInfo, waybillsInfo, WaybillStatus } from "../domain/logistics/waybill-contents";
import type { Row } from "../resources/row-codec";
import { packageCapacity } from "../domain/packing/package-fill";

const hasLogistics = (ctx: AppContext): boolean =>
  ["waybills", "waybill_codes", "waybill_reductions", "waybill_exchanges", "waybill_unlinks", "dealers"].every((name) =>
    ctx.catalog.find(name),
  ) && ctx.catalog.info("trace_codes").byName.has("waybill_id");

/** The trace code columns a shipment writes (attribution.ts): only shipping may set them. */
const ATTRIBUTION = ["waybill_id", "dealer_id", "shipped_at"] as const;

/** The random seed's waybills hold no codes: none has left, every count is zero, no code names one. */
export async function resetSeededWaybills(ctx: AppContext): Promise<void> {
  if (!hasLogistics(ctx)) return;
  await ctx.store.run(`UPDATE "waybills" SET "status" = ? WHERE "status" <> ?`, [
    WaybillStatus.cancelled,
    WaybillStatus.draft,
  ]);
  await ctx.store.run(
    `UPDATE "waybills" SET "item_count" = 0, "box_count" = 0, "case_count" = 0, "pallet_count" = 0, "shipped_at" = NULL`,
  );
  ctx.store.bump(waybillsInfo(ctx).table, 0);
  // The random seed filled these on codes nothing has shipped yet, so a code never activated named a
  // waybill and a dealer (in the code list, on a consumer's scan page); shipping below sets them.
  const codes = ctx.catalog.info("trace_codes");
  const set = ATTRIBUTION.filter((name) => codes.byName.has(name)).map((name) => `"${name}" = NULL`);
  await ctx.store.run(`UPDATE "${codes.table}" SET ${set.join(", ")}`);
  ctx.store.bump(codes.table, 0);
}

/**
 * Top-level stock: codes in stock in no package; packages only when they hold something, full ones
 * first: a partial (tail) box waits in the plant for its work order's finish, as on a real line.
 */
async function stock(ctx: AppContext, type: string, afterCodeId: number): Promise<string[]> {
  const rows = await ctx.store.all<{ code: string; product_id: number | null; code_type: string }>(
    `SELECT "code" AS code, "product_id" AS product_id, "code_type" AS code_type FROM "trace_codes" WHERE "status" = ? AND "code_type" = ? AND "parent_code" IS NULL AND "id" > ? ORDER BY "id"`,
    [CodeStatus.activated, type, afterCodeId],
  );
  if (type === "item") return rows.map((row) => row.code);
  const held = async (code: string) =>
    (await ctx.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "trace_codes" WHERE "parent_code" = ?`, [code]))!.n;
  const packages: { code: string; held: number; capacity: number | null }[] = [];
  for (const row of rows) {
    const pkg = { code: row.code, held: await held(row.code), capacity: await packageCapacity(ctx, row) };
    if (pkg.held > 0) packages.push(pkg);
  }
  const full = (pkg: (typeof packages)[number]) => pkg.capacity !== null && pkg.held >= pkg.capacity;
  return [...packages.filter(full), ...packages.filter((pkg) => !full(pkg))].map((pkg) => pkg.code);
}

/** Seeded drafts whose dealer exists, oldest first. */
async function drafts(ctx: AppContext, count: number): Promise<number[]> {
  return (
    await ctx.store.all<{ id: number }>(
      `SELECT w."id" AS id FROM "waybills" w JOIN "dealers" d ON d."id" = w."dealer_id" WHERE w."status" = ? ORDER BY w."id" LIMIT ?`,
      [WaybillStatus.draft, count],
    )
  ).map((row) => row.id);
}

/** `afterCodeId`: the cases take today's production only (codes after it), not the history's stock. */
export async function seedLogistics(ctx: AppContext, operator: string | null, afterCodeId = 0): Promise<void> {
  if (!hasLogistics(ctx)) return;
  const boxes = await stock(ctx, "box", afterCodeId);
  const items = await stock(ctx, "item", afterCodeId);
  const [reduced, exchanged, unbound, draft] = await drafts(ctx, 4);
  if (draft === undefined || boxes.length < 5 || items.length < 4) return;
  const actor = { account: operator };
  const log = async (resource: string, values: Row) =>
    await ctx.records.insert(ctx.catalog.info(resource), values, actor);
  const add = async (waybillId: number, code: string) =>
    await log(waybillCodesInfo(ctx).resource.name, {
      waybill_id: waybillId,
      code,
      ...(await addToWaybill(ctx, waybillId, code)),
    });
  const ship = async (waybillId: number) => {
    await ctx.records.update(waybillsInfo(ctx), waybillId, {
      status: WaybillStatus.shipped,
      shipped_at: ctx.records.now(),
    });
    await shipWaybillCodes(ctx, waybillId, operator);
  };
  // Two boxes and an item shipped; the item then taken off (减货).
  for (const code of [boxes[0], boxes[1], items[0]]) await add(reduced, code);
  await ship(reduced);
  await log("waybill_reductions", {
    code: items[0],
    reason: "客户少要",
    ...(await reduceWaybillCode(ctx, items[0], "客户少要", operator)),
  });
  // A box and an item shipped; the item exchanged for another (换货).
  for (const code of [boxes[2], items[1]]) await add(exchanged, code);
  await ship(exchanged);
  await log("waybill_exchanges", {
    old_code: items[1],
    new_code: items[2],
    reason: "外包装破损",
    ...(await exchangeWaybillCode(ctx, items[1], items[2], "外包装破损", operator)),
  });
  // A box shipped, then the whole waybill unbound (解绑运单).
  await add(unbound, boxes[3]);
  await ship(unbound);
  await log("waybill_unlinks", {
    code: boxes[3],
    reason: "司机未提货",
    ...(await unbindWaybillOf(ctx, boxes[3], "司机未提货", operator)),
  });
  // A draft holding a box and an item, still to ship.
  for (const code of [boxes[4], items[3]]) await add(draft, code);
  // Returns: a box from the first waybill comes back (and stays returned); the exchanged-in item
  // comes back and is freed by 退货解绑.
  const receipt = async (returnNo: string, waybillId: number, code: string, reason: string) => {
    const waybill = (await ctx.records.row(waybillsInfo(ctx), waybillId))!;
    const values = {
      return_no: returnNo,
      dealer_id: waybill.dealer_id,
      warehouse_id: waybill.warehouse_id,
      codes: code,
      reason,
    };
    const filled = await receiveReturn(ctx, {
      returnNo,
      dealerId: waybill.dealer_id as number,
      warehouseId: waybill.warehouse_id as number,
      codes: [code],
      reason,
      operator,
    });
    await log("returns", { ...values, ...filled });
  };
  await receipt("RMA-0001", reduced, boxes[1], "包装破损");
  await receipt("RMA-0002", exchanged, items[2], "客户拒收");
  await log("return_unlinks", {
    code: items[2],
    reason: "复检合格",
    ...(await freeReturnedCode(ctx, items[2], "复检合格", operator)),
  });
}
