// The warning rules of consumer scans, run in the scan's own transaction after the
// scan is recorded, each with the parameter in force (warning-params.ts):
// - repeated_scan: the code's scans > N;
// - multiple_ips: >= K distinct addresses on the code within H hours;
// - cross_region (窜货): the scan's region lies outside every region the code's dealer (the one it
//   is attributed to now) is authorised for, compared at the configured level;
// - unshipped_scan, voided_scan, returned_scan: a scan of a code in that state;
// - code_guessing: >= G unknown or malformed codes from one address within M minutes; the address
//   then gets 429 with Retry-After for T minutes (guessBlock).
// One warning per rule and code (per rule and address for guessing): later scans update it.
import type { ChainContext } from "../chain-context";
import { nowIso } from "../../time/api-time";
import { dealerRegionCodes } from "../logistics/authorise-region";
import { CodeStatus } from "../ledger/event-vocabulary";
import type { ScanVerdict } from "../../../schema/contract/calls";
import { regionWithin } from "../../regions/ip-region";
import { raiseWarning, type ScanPlace, type WarningFacts } from "./raise-warning";
import { paramsInForce, type WarningParam, type WarningRule } from "./warning-params";

export const WARNINGS = "consumer_warnings";
const BAD_CODE: readonly ScanVerdict[] = ["not_found", "bad_check"];
/**
 * The bad-code condition as SQL text: the partial index of the guessing count (consumer-scan.ts)
 * holds only these rows, and SQLite uses a partial index only for a query that states its WHERE
 * the same way, with the values written in, not bound.
 */
export const BAD_CODE_WHERE = `"result" IN (${BAD_CODE.map((verdict) => `'${verdict}'`).join(", ")})`;
/** The guessing rule's count: bad codes from one address (?) since a time (?). */
export const BAD_CODES_FROM_SQL = `SELECT COUNT(*) AS n FROM "consumer_scans" WHERE "ip" = ? AND ${BAD_CODE_WHERE} AND "scanned_at" >= ?`;

/** Between the codes of a warning's package chain, innermost first: "box → case → pallet". */
export const PACKAGE_CHAIN_SEPARATOR = " → ";

/** What the rules see of one consumer scan. */
export interface ScannedFacts {
  readonly code: string;
  readonly ip: string | null;
  readonly region: string | null;
  readonly verdict: ScanVerdict;
  /** The code's consumer scans, this one included (0 for an unknown code). */
  readonly count: number;
  /** The code's state, if it exists. */
  readonly state?: {
    readonly status: string;
    readonly productId: number | null;
    readonly dealerId: number | null;
    readonly waybillId: number | null;
    /** The packages the code sits in now, innermost first; read when a rule fires. */
    readonly packageChain: () => Promise<readonly string[]>;
  };
  readonly now: string;
}

const minutesBefore = (now: string, minutes: number) => nowIso(Date.parse(now) - minutes * 60_000);

async function distinctAddresses(ctx: ChainContext, code: string, since: string): Promise<number> {
  return (await ctx.store.get<{ n: number }>(
    `SELECT COUNT(DISTINCT "ip") AS n FROM "consumer_scans" WHERE "code" = ? AND "ip" IS NOT NULL AND "scanned_at" >= ?`,
    [code, since],
  ))!.n;
}

/** The code's scans since a time (? : "" for all), one per address and region, in the order each was last seen. */
const SCANS_OF_CODE_SQL = `SELECT "ip" AS ip, "region_code" AS region FROM "consumer_scans" WHERE "code" = ? AND "scanned_at" >= ? GROUP BY "ip", "region_code" ORDER BY MAX("id")`;

/**
 * The scans that raise a new warning of `param`'s rule: every consumer scan of the code so far
 * (repeated scans), those of the window (multiple addresses); for the others, only this scan.
 */
function raisedBy(
  ctx: ChainContext,
  scan: ScannedFacts,
  param: WarningParam,
): (() => Promise<ScanPlace[]>) | undefined {
  if (!ctx.catalog.find("consumer_scans")) return undefined;
  const since =
    param.rule === "repeated_scan"
      ? ""
      : param.rule === "multiple_ips"
        ? minutesBefore(scan.now, param.windowHours * 60)
        : undefined;
  if (since === undefined) return undefined;
  return () => ctx.store.all<ScanPlace>(SCANS_OF_CODE_SQL, [scan.code, since]);
}

async function badCodesFrom(ctx: ChainContext, ip: string, since: string): Promise<number> {
  return (await ctx.store.get<{ n: number }>(BAD_CODES_FROM_SQL, [ip, since]))!.n;
}

/**
 * The rules that fire for this scan, each with its parameter; `granted`: the dealer's regions, read
 * once. The rules are asked one after another, and a rule that is off reads nothing.
 */
async function firing(
  ctx: ChainContext,
  scan: ScannedFacts,
  params: ReadonlyMap<WarningRule, WarningParam>,
  granted: () => Promise<readonly string[]>,
): Promise<WarningParam[]> {
  const fired: WarningParam[] = [];
  // A rule decided from the scan's facts alone answers at once (onFacts); only one that reads
  // awaits (onRead). Every public scan asks all of them, and an await per rule was most of the
  // promises a scan made.
  const onFacts = (rule: WarningRule, when: (param: WarningParam) => boolean): void => {
    const param = params.get(rule);
    if (param && when(param)) fired.push(param);
  };
  const onRead = async (rule: WarningRule, when: (param: WarningParam) => boolean | Promise<boolean>) => {
    const param = params.get(rule);
    if (!param) return;
    const decided = when(param);
    if (decided === true || (decided !== false && (await decided))) fired.push(param);
  };
  if (BAD_CODE.includes(scan.verdict)) {
    if (scan.ip)
      await onRead(
        "code_guessing",
        async (p) => (await badCodesFrom(ctx, scan.ip!, minutesBefore(scan.now, p.windowMinutes))) >= p.threshold,
      );
    return fired;
  }
  const state = scan.state;
  if (!state) return fired;
  onFacts("repeated_scan", (p) => scan.count > p.threshold);
  // A code scanned fewer than K times, this scan included, cannot have K addresses: most codes are
  // scanned once or twice, and the count needs no walk over the code's scans.
  await onRead("multiple_ips", (p) =>
    scan.count < p.threshold
      ? false
      : distinctAddresses(ctx, scan.code, minutesBefore(scan.now, p.windowHours * 60)).then(
          (count) => count >= p.threshold,
        ),
  );
  onFacts("unshipped_scan", () =>
    [CodeStatus.generated, CodeStatus.activated, CodeStatus.packed].includes(state.status as never),
  );
  onFacts("voided_scan", () => state.status === CodeStatus.voided);
  onFacts("returned_scan", () => state.status === CodeStatus.returned);
  await onRead("cross_region", (p) =>
    state.status !== CodeStatus.shipped || state.dealerId === null || !scan.region
      ? false
      : granted().then(
          (regions) =>
            regions.length > 0 && !regions.some((region) => regionWithin(scan.region!, region, p.compareLevel)),
        ),
  );
  return fired;
}

/** Runs every rule that is on for `scan` and raises or updates their warnings; `params`: those in force, if already read. */
export async function checkScanWarnings(
  ctx: ChainContext,
  scan: ScannedFacts,
  params?: ReadonlyMap<WarningRule, WarningParam>,
): Promise<void> {
  if (!ctx.catalog.find(WARNINGS)) return;
  let regions: readonly string[] | undefined;
  const granted = async () =>
    (regions ??= scan.state?.dealerId ? await dealerRegionCodes(ctx, scan.state.dealerId) : []);
  for (const param of await firing(ctx, scan, params ?? (await paramsInForce(ctx)), granted)) {
    const facts: WarningFacts = {
      code: scan.code,
      ip: scan.ip,
      region: scan.region,
      now: scan.now,
      count: param.rule === "code_guessing" ? undefined : scan.count,
      productId: scan.state?.productId ?? null,
      dealerId: scan.state?.dealerId ?? null,
      waybillId: scan.state?.waybillId ?? null,
      packageChain: (await scan.state?.packageChain())?.join(PACKAGE_CHAIN_SEPARATOR) || null,
      authorisedRegions: scan.state?.dealerId ? (await granted()).join(",") || null : null,
      raisedBy: raisedBy(ctx, scan, param),
    };
    await raiseWarning(ctx, param, facts);
  }
}
