// One warning per rule and code (per rule and address for code guessing): the first firing raises
// it with the parameter in force; later ones update it — count, last time, every address and
// region seen, the package, waybill and dealer as they are now — and never touch its status or its
// parameter. A guessing address is (re)blocked until T minutes after its latest bad code.
import type { AppContext } from "../../context";
import { nowIso } from "../../resources/records";
import { describeParam, type WarningParam } from "./warning-params";

const LIST_LIMIT = 20;

export interface WarningFacts {
  readonly code: string;
  readonly ip: string | null;
  readonly region: string | null;
  readonly now: string;
  /** The code's scan count; undefined: count the warning's own firings (guessing). */
  readonly count: number | undefined;
  readonly productId: number | null;
  readonly dealerId: number | null;
  readonly waybillId: number | null;
  readonly packageCode: string | null;
  readonly authorisedRegions: string | null;
}

/** `list` (comma-separated) with `value` added once, the most recent kept when it grows long. */
function withValue(list: string | null, value: string | null): string | null {
  const values = (list ?? "").split(",").filter(Boolean);
  if (value && !values.includes(value)) values.push(value);
  return values.length ? values.slice(-LIST_LIMIT).join(",") : null;
}

const minutesAfter = (now: string, minutes: number) => nowIso(Date.parse(now) + minutes * 60_000);

export function raiseWarning(ctx: AppContext, param: WarningParam, facts: WarningFacts): void {
  const info = ctx.catalog.info("consumer_warnings");
  const byAddress = param.rule === "code_guessing";
  if (byAddress && !facts.ip) return;
  const existing = ctx.store.get<{ id: number; scan_count: number; ips: string | null; regions: string | null }>(
    `SELECT "id" AS id, "scan_count" AS scan_count, "ips" AS ips, "regions" AS regions FROM "${info.table}" WHERE "rule" = ? AND ${byAddress ? `"ip"` : `"code"`} = ? ORDER BY "id" LIMIT 1`,
    [param.rule, byAddress ? facts.ip! : facts.code],
  );
  const now: Record<string, unknown> = {
    code: facts.code,
    last_seen_at: facts.now,
    ip: facts.ip,
    region_code: facts.region,
    product_id: facts.productId,
    dealer_id: facts.dealerId,
    waybill_id: facts.waybillId,
    package_code: facts.packageCode,
    authorised_regions: facts.authorisedRegions,
    ...(byAddress ? { blocked_until: minutesAfter(facts.now, param.blockMinutes) } : {}),
  };
  if (existing) {
    ctx.records.update(info, existing.id, {
      ...now,
      scan_count: facts.count ?? existing.scan_count + 1,
      ips: withValue(existing.ips, facts.ip),
      regions: withValue(existing.regions, facts.region),
    });
    return;
  }
  ctx.records.insert(info, {
    ...now,
    rule: param.rule,
    level: param.level,
    scan_count: facts.count ?? 1,
    first_seen_at: facts.now,
    ips: withValue(null, facts.ip),
    regions: withValue(null, facts.region),
    param_value: describeParam(param),
    param_version: param.version,
    status: "pending",
  });
}

/** Seconds `ip` must still wait after code guessing, or 0. */
export function guessBlock(ctx: AppContext, ip: string, now: string): number {
  const info = ctx.catalog.find("consumer_warnings");
  if (!info?.byName.has("blocked_until")) return 0;
  const row = ctx.store.get<{ until: string }>(
    `SELECT MAX("blocked_until") AS until FROM "${info.table}" WHERE "rule" = 'code_guessing' AND "ip" = ? AND "blocked_until" > ?`,
    [ip, now],
  );
  return row?.until ? Math.ceil((Date.parse(row.until) - Date.parse(now)) / 1000) : 0;
}
