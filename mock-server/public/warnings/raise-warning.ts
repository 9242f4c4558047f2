// One warning per rule and code (per rule and address for code guessing): the first firing raises
// it with the parameter in force; later ones update it — count, last time, every address and
// region seen, the package, waybill and dealer as they are now — and never touch its status or its
// parameter. A guessing address is (re)blocked until T minutes after its latest bad code.
import type { AppContext } from "../../context";
import { nowIso } from "../../resources/records";
import { describeParam, type WarningParam } from "./warning-params";
import { quoteIdent } from "../../db/sql-names";
import type { ResourceInfo } from "../../resources/catalog";
import { perEntry } from "../../resources/per-entry";

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

/** The columns a later firing may change, read with the warning it finds. */
const UPDATED = [
  "code",
  "last_seen_at",
  "ip",
  "region_code",
  "product_id",
  "dealer_id",
  "waybill_id",
  "package_code",
  "authorised_regions",
  "blocked_until",
  "scan_count",
  "ips",
  "regions",
] as const;

/**
 * The scan's SQL on the warnings table: a rule's one warning for a code, and for an address
 * (guessing), with the UPDATED columns; and an address's guessing block still running.
 */
const sqlOf = perEntry((info) => {
  const read = UPDATED.filter((name) => info.byName.has(name))
    .map(quoteIdent)
    .join(", ");
  const table = quoteIdent(info.table);
  const one = (key: string) =>
    `SELECT "id" AS id, ${read} FROM ${table} WHERE "rule" = ? AND ${quoteIdent(key)} = ? ORDER BY "id" LIMIT 1`;
  return {
    byCode: one("code"),
    byAddress: one("ip"),
    block: `SELECT MAX("blocked_until") AS until FROM ${table} WHERE "rule" = 'code_guessing' AND "ip" = ? AND "blocked_until" > ?`,
  };
});

export function raiseWarning(ctx: AppContext, param: WarningParam, facts: WarningFacts): void {
  const info = ctx.catalog.info("consumer_warnings");
  const byAddress = param.rule === "code_guessing";
  if (byAddress && !facts.ip) return;
  const existing = ctx.store.get<{ id: number } & Record<(typeof UPDATED)[number], string | number | null>>(
    byAddress ? sqlOf(info).byAddress : sqlOf(info).byCode,
    [param.rule, byAddress ? facts.ip! : facts.code],
  );
  const now: Record<string, string | number | null> = {
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
    updateWarning(ctx, info, existing, {
      ...now,
      scan_count: facts.count ?? Number(existing.scan_count) + 1,
      ips: withValue(existing.ips as string | null, facts.ip),
      regions: withValue(existing.regions as string | null, facts.region),
    });
    return;
  }
  // The scan's own facts, from rows that exist: no query per reference on the public scan's path.
  ctx.records.insertOwn(info, {
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

/**
 * A later firing: only the columns whose value moves are written, with the warning's updated_at.
 * records.update writes every column, so each of the table's many list indexes on an unchanged
 * column (code, product, dealer, waybill) would be rewritten on every scan of a warned code, and it
 * re-reads the row and looks up each reference; the values here are the scan's own
 * facts, from rows that exist. The store's one-row write keeps list totals exact.
 */
function updateWarning(
  ctx: AppContext,
  info: ResourceInfo,
  existing: { id: number } & Record<string, unknown>,
  next: Record<string, unknown>,
): void {
  const changed = Object.keys(next).filter((name) => name in existing && next[name] !== existing[name]);
  if (info.byName.has("updated_at")) changed.push("updated_at");
  if (!changed.length) return;
  const values = { ...next, updated_at: ctx.records.now() } as Record<string, string | number | null>;
  const sql = `UPDATE ${quoteIdent(info.table)} SET ${changed.map((name) => `${quoteIdent(name)} = ?`).join(", ")} WHERE "id" = ?`;
  ctx.store.rowWrite(info.table, existing.id, () => {
    ctx.store.run(sql, [...changed.map((name) => values[name] ?? null), existing.id]);
    return existing.id;
  });
}

/** Seconds `ip` must still wait after code guessing, or 0. */
export function guessBlock(ctx: AppContext, ip: string, now: string): number {
  const info = ctx.catalog.find("consumer_warnings");
  if (!info?.byName.has("blocked_until")) return 0;
  const row = ctx.store.get<{ until: string }>(sqlOf(info).block, [ip, now]);
  return row?.until ? Math.ceil((Date.parse(row.until) - Date.parse(now)) / 1000) : 0;
}
