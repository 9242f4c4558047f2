// The warning rules' parameters in force (预警参数): for each rule its first enabled row, else the
// default below; a rule whose rows are all disabled is off. Each carries its version, which a
// warning keeps with the value it was raised under (changes apply from then on, never back).
import type { ChainContext } from "../chain-context";

export const WARNING_RULES = [
  "repeated_scan",
  "multiple_ips",
  "cross_region",
  "unshipped_scan",
  "voided_scan",
  "returned_scan",
  "code_guessing",
] as const;
export type WarningRule = (typeof WARNING_RULES)[number];

export interface WarningParam {
  readonly rule: WarningRule;
  /** The 预警参数 row, or null for the built-in default. */
  readonly id: number | null;
  readonly version: number;
  readonly level: string;
  /** N (scans on a code), K (addresses on a code), G (bad codes from an address). */
  readonly threshold: number;
  readonly windowHours: number;
  readonly windowMinutes: number;
  readonly blockMinutes: number;
  readonly compareLevel: "province" | "city";
}

/** Sensible defaults, as an operator would start: also what 预警参数 is seeded with. */
export const DEFAULT_PARAMS: Readonly<Record<WarningRule, Omit<WarningParam, "rule" | "id" | "version">>> = {
  repeated_scan: {
    level: "high",
    threshold: 5,
    windowHours: 24,
    windowMinutes: 10,
    blockMinutes: 30,
    compareLevel: "province",
  },
  multiple_ips: {
    level: "medium",
    threshold: 3,
    windowHours: 24,
    windowMinutes: 10,
    blockMinutes: 30,
    compareLevel: "province",
  },
  cross_region: {
    level: "high",
    threshold: 1,
    windowHours: 24,
    windowMinutes: 10,
    blockMinutes: 30,
    compareLevel: "province",
  },
  unshipped_scan: {
    level: "medium",
    threshold: 1,
    windowHours: 24,
    windowMinutes: 10,
    blockMinutes: 30,
    compareLevel: "province",
  },
  voided_scan: {
    level: "high",
    threshold: 1,
    windowHours: 24,
    windowMinutes: 10,
    blockMinutes: 30,
    compareLevel: "province",
  },
  returned_scan: {
    level: "medium",
    threshold: 1,
    windowHours: 24,
    windowMinutes: 10,
    blockMinutes: 30,
    compareLevel: "province",
  },
  code_guessing: {
    level: "high",
    threshold: 20,
    windowHours: 1,
    windowMinutes: 10,
    blockMinutes: 30,
    compareLevel: "province",
  },
};

interface ParamRow {
  id: number;
  rule: string;
  enabled: number | null;
  version: number | null;
  level: string | null;
  threshold: number | null;
  window_hours: number | null;
  window_minutes: number | null;
  block_minutes: number | null;
  compare_level: string | null;
}

/** Kept until 预警参数 is written: every scan asks, and the parameters change rarely. */
const kept = new WeakMap<ChainContext, { version: number; params: ReadonlyMap<WarningRule, WarningParam> }>();

/** The parameter in force for each rule that is on. */
export async function paramsInForce(ctx: ChainContext): Promise<ReadonlyMap<WarningRule, WarningParam>> {
  const version = ctx.store.version(ctx.catalog.find("warning_params")?.table ?? "warning_params");
  const known = kept.get(ctx);
  if (known?.version === version) return known.params;
  const params = await readParams(ctx);
  kept.set(ctx, { version, params });
  return params;
}

async function readParams(ctx: ChainContext): Promise<Map<WarningRule, WarningParam>> {
  const info = ctx.catalog.find("warning_params");
  const rows = info
    ? await ctx.store.all<ParamRow>(
        `SELECT "id" AS id, "rule" AS rule, "enabled" AS enabled, "version" AS version, "level" AS level, "threshold" AS threshold,
           "window_hours" AS window_hours, "window_minutes" AS window_minutes, "block_minutes" AS block_minutes, "compare_level" AS compare_level
         FROM "${info.table}" ORDER BY "id"`,
      )
    : [];
  const params = new Map<WarningRule, WarningParam>();
  for (const rule of WARNING_RULES) {
    const mine = rows.filter((row) => row.rule === rule);
    const row = mine.find((candidate) => candidate.enabled !== 0);
    if (mine.length && !row) continue; // every row of the rule is switched off
    const base = DEFAULT_PARAMS[rule];
    params.set(rule, {
      rule,
      id: row?.id ?? null,
      version: row?.version ?? 1,
      level: row?.level ?? base.level,
      threshold: row?.threshold ?? base.threshold,
      windowHours: row?.window_hours ?? base.windowHours,
      windowMinutes: row?.window_minutes ?? base.windowMinutes,
      blockMinutes: row?.block_minutes ?? base.blockMinutes,
      compareLevel: row?.compare_level === "city" ? "city" : base.compareLevel,
    });
  }
  return params;
}

/** The parameter's value in words, as the warning keeps it. */
export function describeParam(param: WarningParam): string {
  const source = param.id === null ? "default" : `v${param.version}`;
  switch (param.rule) {
    case "repeated_scan":
      return `scans > ${param.threshold} (${source})`;
    case "multiple_ips":
      return `>= ${param.threshold} addresses in ${param.windowHours} h (${source})`;
    case "cross_region":
      return `outside the dealer's regions, compared by ${param.compareLevel} (${source})`;
    case "code_guessing":
      return `>= ${param.threshold} bad codes in ${param.windowMinutes} min, blocked ${param.blockMinutes} min (${source})`;
    default:
      return `any scan (${source})`;
  }
}
