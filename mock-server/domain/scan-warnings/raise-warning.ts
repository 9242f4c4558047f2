// One warning per rule and code (per rule and address for code guessing): the first firing raises
// it with the parameter in force and the addresses and regions of the scans that raised it; later
// ones update it — count, last time, the addresses and regions (seen-list.ts), the packages the
// code sits in, the waybill and dealer as they are now — and never touch its status or its parameter. A guessing address is
// (re)blocked until T minutes after its latest bad code.
import type { ChainContext } from "../chain-context";
import { nowIso } from "../../time/api-time";
import { describeParam, type WarningParam } from "./warning-params";
import { quoteIdent } from "../../db/sql-names";
import type { ResourceInfo } from "../../resources/catalog";
import { perEntry } from "../../resources/per-entry";
import { seenAgain, seenFrom } from "./seen-list";

/** The address and region of one consumer scan. */
export interface ScanPlace {
  readonly ip: string | null;
  readonly region: string | null;
}

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
  /** The packages the scanned code sits in, innermost first, joined (PACKAGE_CHAIN_SEPARATOR). */
  readonly packageChain: string | null;
  readonly authorisedRegions: string | null;
  /**
   * The scans that raise the warning when it is new, oldest first (the rule's: a code's scans past
   * the threshold, those of the window); absent: this scan alone. Read only when the warning is new.
   */
  readonly raisedBy?: () => Promise<readonly ScanPlace[]>;
}

const listOf = (value: unknown): string | null => (typeof value === "string" ? value : null);
const countOf = (value: unknown): number | null => (typeof value === "number" ? value : null);

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
  "package_chain",
  "authorised_regions",
  "blocked_until",
  "scan_count",
  "ips",
  "ip_count",
  "regions",
  "region_count",
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
    blockValue: `(SELECT MAX("blocked_until") FROM ${table} WHERE "rule" = 'code_guessing' AND "ip" = ? AND "blocked_until" > ?)`,
  };
});

export async function raiseWarning(ctx: ChainContext, param: WarningParam, facts: WarningFacts): Promise<void> {
  const info = ctx.catalog.info("consumer_warnings");
  const byAddress = param.rule === "code_guessing";
  if (byAddress && !facts.ip) return;
  const existing = await ctx.store.get<{ id: number } & Record<(typeof UPDATED)[number], string | number | null>>(
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
    package_chain: facts.packageChain,
    authorised_regions: facts.authorisedRegions,
    ...(byAddress ? { blocked_until: minutesAfter(facts.now, param.blockMinutes) } : {}),
  };
  if (existing) {
    const ips = seenAgain({ list: listOf(existing.ips), count: countOf(existing.ip_count) }, facts.ip);
    const regions = seenAgain({ list: listOf(existing.regions), count: countOf(existing.region_count) }, facts.region);
    await updateWarning(ctx, info, existing, {
      ...now,
      scan_count: facts.count ?? Number(existing.scan_count) + 1,
      ips: ips.list,
      ip_count: ips.count,
      regions: regions.list,
      region_count: regions.count,
    });
    return;
  }
  const raisedBy = (await facts.raisedBy?.()) ?? [facts];
  const ips = seenFrom(raisedBy.map((scan) => scan.ip));
  const regions = seenFrom(raisedBy.map((scan) => scan.region));
  // The scan's own facts, from rows that exist: no query per reference on the public scan's path.
  await ctx.records.insertOwn(info, {
    ...now,
    rule: param.rule,
    level: param.level,
    scan_count: facts.count ?? 1,
    first_seen_at: facts.now,
    ips: ips.list,
    ip_count: ips.count,
    regions: regions.list,
    region_count: regions.count,
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
async function updateWarning(
  ctx: ChainContext,
  info: ResourceInfo,
  existing: { id: number } & Record<string, unknown>,
  next: Record<string, unknown>,
): Promise<void> {
  const changed = Object.keys(next).filter((name) => name in existing && next[name] !== existing[name]);
  if (info.byName.has("updated_at")) changed.push("updated_at");
  if (!changed.length) return;
  const values = { ...next, updated_at: ctx.records.now() } as Record<string, string | number | null>;
  const sql = `UPDATE ${quoteIdent(info.table)} SET ${changed.map((name) => `${quoteIdent(name)} = ?`).join(", ")} WHERE "id" = ?`;
  await ctx.store.rowWrite(info.table, existing.id, async () => {
    await ctx.store.run(sql, [...changed.map((name) => values[name] ?? null), existing.id]);
    return existing.id;
  });
}

/** Seconds `ip` must still wait after code guessing, or 0. */
export async function guessBlock(ctx: ChainContext, ip: string, now: string): Promise<number> {
  const info = ctx.catalog.find("consumer_warnings");
  if (!info?.byName.has("blocked_until")) return 0;
  const row = await ctx.store.get<{ until: string }>(sqlOf(info).block, [ip, now]);
  return blockSeconds(row?.until, now);
}

/**
 * guessBlock's question as a scalar subquery binding the address and the time (in that order), for
 * a statement that reads something else in the same round trip (the public scan's code lookup);
 * undefined when the warnings carry no block. Its answer goes through blockSeconds.
 */
export function guessBlockValueSql(ctx: ChainContext): string | undefined {
  const info = ctx.catalog.find("consumer_warnings");
  return info?.byName.has("blocked_until") ? sqlOf(info).blockValue : undefined;
}

/** Seconds still to wait until `until` (a block's end, or null: none), 0 when it has passed. */
export function blockSeconds(until: unknown, now: string): number {
  return typeof until === "string" && until ? Math.max(0, Math.ceil((Date.parse(until) - Date.parse(now)) / 1000)) : 0;
}
