// After logistics, consumer scans come from the real scan call's rules (issue 12 items 1 and 10):
// the randomly seeded 预警参数 and 消费者查询记录 go, sensible parameters take their place, and a few
// codes are scanned through scanCode — shipped ones once, twice and past the threshold, a returned
// one, one still in stock, a mistyped and an unknown code — so every code's count and first-scan
// time are those of its recorded scans, and most shipped codes are still unscanned.
import type { AppContext } from "../context";
import { CodeStatus } from "../domain/ledger/event-vocabulary";
import { scanCode, scanThreshold } from "../public/consumer-scan";

/** 预警参数 as an operator would start: scans past 5 on a code, any scan outside the dealer's region, 20 bad codes an hour from one address. */
export const DEFAULT_WARNING_PARAMS = [
  { param_code: "WP-REPEAT", param_name: "多次扫码", rule: "repeated_scan", threshold: 5, window_hours: 24, level: "high" },
  { param_code: "WP-REGION", param_name: "异地扫码", rule: "cross_region", threshold: 1, window_hours: 24, level: "medium" },
  { param_code: "WP-INVALID", param_name: "无效码扫码", rule: "invalid_code", threshold: 20, window_hours: 1, level: "high" },
] as const;

function seedWarningParams(ctx: AppContext): void {
  const info = ctx.catalog.find("warning_params");
  if (!info || !DEFAULT_WARNING_PARAMS.every((param) => Object.keys(param).every((name) => info.byName.has(name)))) return;
  ctx.store.run(`DELETE FROM "${info.table}"`);
  ctx.store.bump(info.table);
  for (const param of DEFAULT_WARNING_PARAMS) ctx.records.insert(info, { ...param, enabled: true, remark: null });
}

const codesIn = (ctx: AppContext, status: string, limit: number): string[] =>
  ctx.store
    .all<{ code: string }>(`SELECT "code" AS code FROM "trace_codes" WHERE "status" = ? AND "product_id" IS NOT NULL ORDER BY "id" LIMIT ?`, [status, limit])
    .map((row) => row.code);

export function seedScans(ctx: AppContext): void {
  const scans = ctx.catalog.find("consumer_scans");
  const codes = ctx.catalog.find("trace_codes");
  if (!scans || !codes?.byName.has("scan_count") || !codes.byName.has("status")) return;
  seedWarningParams(ctx);
  ctx.store.run(`DELETE FROM "${scans.table}"`);
  ctx.store.bump(scans.table);
  ctx.store.run(`UPDATE "${codes.table}" SET "scan_count" = 0${codes.byName.has("first_scan_at") ? `, "first_scan_at" = NULL` : ""}`);
  ctx.store.bump(codes.table, 0);
  const phone = (n: number) => ({ ip: `36.112.${n}.${10 + n}`, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148" });
  const [once, twice, often] = codesIn(ctx, CodeStatus.shipped, 3);
  const plan: [string | undefined, number][] = [
    [once, 1],
    [twice, 2],
    [often, scanThreshold(ctx) + 2],
    [codesIn(ctx, CodeStatus.returned, 1)[0], 1],
    [codesIn(ctx, CodeStatus.activated, 1)[0], 1],
    ["ZZNOSUCHCODE0001", 1],
  ];
  let n = 0;
  for (const [code, times] of plan) for (let i = 0; code && i < times; i += 1) scanCode(ctx, phone(n++ % 7), code);
}
