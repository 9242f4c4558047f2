// After logistics, consumer scans come from the real scan call's rules:
// the randomly seeded 预警参数 and 消费者查询记录 go, sensible parameters take their place, and a few
// codes are scanned through scanCode — shipped ones once, twice and past the threshold, a returned
// one, an item still in stock (in its box, case and pallet) and an unknown code — so every code's
// count and first-scan time are those of its recorded scans, and most shipped codes are still
// unscanned. Then an inspector checks three of those codes through the record-inspection rule (the
// ledger's inspect events, the warnings they settle): 稽查记录 and 稽查报表 agree with the ledger.
import type { AppContext } from "../context";
import { CodeStatus } from "../domain/ledger/event-vocabulary";
import { recordInspectionOf } from "../domain/inspection/record-inspection";
import { scanCode, scanThreshold } from "../public/consumer-scan";
import { CITY_POSITIONS } from "./zh-words";
import { DEFAULT_PARAMS, WARNING_RULES, type WarningRule } from "../domain/scan-warnings/warning-params";

const PARAM_NAMES: Readonly<Record<WarningRule, string>> = {
  repeated_scan: "多次扫码",
  multiple_ips: "多地址扫码",
  cross_region: "窜货（异地扫码）",
  unshipped_scan: "未出库码被扫",
  voided_scan: "作废码被扫",
  returned_scan: "退货码被扫",
  code_guessing: "猜码攻击",
};

/** 预警参数 as an operator would start: one per rule, the rules' defaults (warning-params.ts). */
export const DEFAULT_WARNING_PARAMS = WARNING_RULES.map((rule, index) => {
  const base = DEFAULT_PARAMS[rule];
  return {
    param_code: `WP-${String(index + 1).padStart(2, "0")}`,
    param_name: PARAM_NAMES[rule],
    rule,
    threshold: base.threshold,
    window_hours: base.windowHours,
    window_minutes: base.windowMinutes,
    block_minutes: base.blockMinutes,
    compare_level: base.compareLevel,
    level: base.level,
  };
});

async function seedWarningParams(ctx: AppContext): Promise<void> {
  const info = ctx.catalog.find("warning_params");
  if (!info || !DEFAULT_WARNING_PARAMS.every((param) => Object.keys(param).every((name) => info.byName.has(name))))
    return;
  await ctx.store.run(`DELETE FROM "${info.table}"`);
  ctx.store.bump(info.table);
  for (const param of DEFAULT_WARNING_PARAMS) await ctx.records.insert(info, { ...param, enabled: true, remark: null });
}

/**
 * A code still in stock as a consumer meets one: an item, packed (in its box, case and pallet) if
 * one is, else any activated or packed code.
 */
async function inStockCode(ctx: AppContext, afterCodeId: number): Promise<string | undefined> {
  const byLevel = ctx.catalog.find("trace_codes")?.byName.has("code_type") ? `"code_type" = 'item' DESC, ` : "";
  return (
    await ctx.store.get<{ code: string }>(
      `SELECT "code" AS code FROM "trace_codes" WHERE "status" IN (?, ?) AND "product_id" IS NOT NULL AND "id" > ?
     ORDER BY ${byLevel}"status" = ? DESC, "id" LIMIT 1`,
      [CodeStatus.packed, CodeStatus.activated, afterCodeId, CodeStatus.packed],
    )
  )?.code;
}

const codesIn = async (ctx: AppContext, status: string, limit: number, afterCodeId: number): Promise<string[]> =>
  (
    await ctx.store.all<{ code: string }>(
      `SELECT "code" AS code FROM "trace_codes" WHERE "status" = ? AND "product_id" IS NOT NULL AND "id" > ? ORDER BY "id" LIMIT ?`,
      [status, afterCodeId, limit],
    )
  ).map((row) => row.code);

/**
 * 扫码模板 as an operator starts: one enabled default template for every product without its own,
 * and no seeded template showing the dealer or the waybill (a template shows them only when someone
 * decides a consumer should see them).
 */
async function seedScanTemplates(ctx: AppContext): Promise<void> {
  const info = ctx.catalog.find("scan_templates");
  if (
    !info ||
    !["show_dealer", "show_waybill", "is_default", "product_id", "status"].every((name) => info.byName.has(name))
  )
    return;
  await ctx.store.run(`UPDATE "${info.table}" SET "show_dealer" = FALSE, "show_waybill" = FALSE, "is_default" = FALSE`);
  const first = await ctx.store.get<{ id: number }>(`SELECT "id" AS id FROM "${info.table}" ORDER BY "id" LIMIT 1`);
  if (first)
    await ctx.store.run(
      `UPDATE "${info.table}" SET "is_default" = TRUE, "product_id" = NULL, "status" = 'enabled' WHERE "id" = ?`,
      [first.id],
    );
  ctx.store.bump(info.table, 0);
}

/**
 * Before any scan is seeded: sensible 预警参数 and templates, and none of the random seed's scans,
 * warnings, scan counts or inspections (each is made through its rule afterwards).
 */
export async function resetSeededScans(ctx: AppContext): Promise<void> {
  const scans = ctx.catalog.find("consumer_scans");
  const codes = ctx.catalog.find("trace_codes");
  if (!scans || !codes?.byName.has("scan_count") || !codes.byName.has("status")) return;
  await seedWarningParams(ctx);
  await seedScanTemplates(ctx);
  await ctx.store.run(`DELETE FROM "${scans.table}"`);
  ctx.store.bump(scans.table);
  const warnings = ctx.catalog.find("consumer_warnings");
  if (warnings) {
    await ctx.store.run(`DELETE FROM "${warnings.table}"`);
    ctx.store.bump(warnings.table);
  }
  await ctx.store.run(
    `UPDATE "${codes.table}" SET "scan_count" = 0${codes.byName.has("first_scan_at") ? `, "first_scan_at" = NULL` : ""}`,
  );
  ctx.store.bump(codes.table, 0);
  const inspections = ctx.catalog.find("inspections");
  if (inspections?.resource.onCreate?.handler === "record-inspection") {
    await ctx.store.run(`DELETE FROM "${inspections.table}"`);
    ctx.store.bump(inspections.table);
  }
}

/** Where today's cases start: codes and inspections after these ids, evidence up to this id is the random seed's. */
export interface ScanCases {
  readonly afterCodeId: number;
  readonly afterInspectionId: number;
  readonly lastRandomEvidenceId: number;
}

const NO_HISTORY: ScanCases = { afterCodeId: 0, afterInspectionId: 0, lastRandomEvidenceId: Number.MAX_SAFE_INTEGER };

export async function seedScans(ctx: AppContext, cases: ScanCases = NO_HISTORY): Promise<void> {
  const scans = ctx.catalog.find("consumer_scans");
  const codes = ctx.catalog.find("trace_codes");
  if (!scans || !codes?.byName.has("scan_count") || !codes.byName.has("status")) return;
  const phone = (n: number) => ({
    ip: `36.112.${n}.${10 + n}`,
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148",
  });
  const [once, twice, often] = await codesIn(ctx, CodeStatus.shipped, 3, cases.afterCodeId);
  const [returned] = await codesIn(ctx, CodeStatus.returned, 1, cases.afterCodeId);
  const inStock = await inStockCode(ctx, cases.afterCodeId);
  const plan: [string | undefined, number][] = [
    [once, 1],
    [twice, 2],
    [often, (await scanThreshold(ctx)) + 2],
    [returned, 1],
    [inStock, 1],
    ["ZZNOSUCHCODE0001", 1],
  ];
  let n = 0;
  for (const [code, times] of plan)
    for (let i = 0; code && i < times; i += 1) await scanCode(ctx, phone(n++ % 7), code);
  await seedInspections(ctx, [once, returned, inStock], cases);
}

/** The demo's inspector account (seed-accounts.ts). */
const SEED_INSPECTOR = "editor";

/**
 * 稽查记录 as an inspector makes them: the randomly seeded rows go, and three checks go through the
 * rule — a shipped code found compliant, and the warnings the returned and the in-stock code raised,
 * settled with a verdict. The repeated-scan warning stays pending, for a newcomer to settle.
 */
async function seedInspections(
  ctx: AppContext,
  codes: readonly (string | undefined)[],
  cases: ScanCases,
): Promise<void> {
  const info = ctx.catalog.find("inspections");
  if (!info?.resource.onCreate || info.resource.onCreate.handler !== "record-inspection") return;
  const actor = { account: SEED_INSPECTOR };
  const verdicts = ["compliant", "compliant", "counterfeit"];
  for (const [index, code] of codes.entries()) {
    if (!code) continue;
    const warning = await ctx.store.get<{ id: number; dealer_id: number | null }>(
      `SELECT "id" AS id, "dealer_id" AS dealer_id FROM "consumer_warnings" WHERE "code" = ? AND "status" = 'pending' ORDER BY "id" LIMIT 1`,
      [code],
    );
    const dealerId =
      (
        await ctx.store.get<{ id: number }>(
          `SELECT "dealer_id" AS id FROM "trace_codes" WHERE "code" = ? AND "dealer_id" IS NOT NULL`,
          [code],
        )
      )?.id ??
      warning?.dealer_id ??
      (await ctx.store.get<{ id: number }>(`SELECT "id" AS id FROM "dealers" ORDER BY "id" LIMIT 1`))?.id;
    if (dealerId === undefined) continue;
    const input = {
      inspection_no: `JC-${String(index + 1).padStart(4, "0")}`,
      geo: CITY_POSITIONS[index % CITY_POSITIONS.length],
      warning_id: index === 0 ? null : (warning?.id ?? null),
      dealer_id: dealerId,
      code,
      result: verdicts[index],
      remark: null,
    };
    await ctx.records.insert(info, { ...input, ...(await recordInspectionOf(ctx, input, actor)) }, actor);
  }
  // Evidence belongs to an inspection: the random seed's evidence points to these (the history's
  // evidence was taken at its own checks).
  const evidences = ctx.catalog.find("evidences");
  const ids = (
    await ctx.store.all<{ id: number }>(`SELECT "id" AS id FROM "${info.table}" WHERE "id" > ? ORDER BY "id"`, [
      cases.afterInspectionId,
    ])
  ).map((row) => row.id);
  if (!evidences?.byName.has("inspection_id") || !ids.length) return;
  const evidenceIds = await ctx.store.all<{ id: number }>(
    `SELECT "id" AS id FROM "${evidences.table}" WHERE "id" <= ? ORDER BY "id"`,
    [cases.lastRandomEvidenceId],
  );
  for (const [index, { id }] of evidenceIds.entries())
    await ctx.store.run(`UPDATE "${evidences.table}" SET "inspection_id" = ? WHERE "id" = ?`, [
      ids[index % ids.length],
      id,
    ]);
}
