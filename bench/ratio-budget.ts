// A speed budget judged as a ratio to a reference measured in the same run on the same host
// (docs/decisions/0006): the figure and its reference both follow the host's speed, so their ratio
// follows the code. Each budget prints the figure, the reference, the ratio, the budget and PASS/MISS.

export interface RatioBudget {
  /** What is judged, e.g. "scan rate". */
  readonly what: string;
  /** The figure as measured, with its unit, e.g. "5,420 scans/s". */
  readonly figure: string;
  /** The reference as measured, with its name, e.g. "floor 19,045 req/s"; undefined when this run did not measure it. */
  readonly reference: string | undefined;
  /** The figure over the reference, in the budget's terms; NaN when there is no reference. */
  readonly ratio: number;
  /** "≥": the ratio must reach the budget; "≤": it must not pass it. */
  readonly bound: "≥" | "≤";
  readonly budget: number;
  /** How a ratio of this budget is written: "28.5%", "105×", "324 floor requests". */
  readonly format: (ratio: number) => string;
  /** The budget in the figure's own unit at this run's reference, e.g. "4,571 scans/s at this floor". */
  readonly atThisReference?: string;
}

export type RatioVerdict = "PASS" | "MISS" | "not judged";

export function verdictOf(budget: RatioBudget): RatioVerdict {
  if (budget.reference === undefined || !Number.isFinite(budget.ratio)) return "not judged";
  const met = budget.bound === "≥" ? budget.ratio >= budget.budget : budget.ratio <= budget.budget;
  return met ? "PASS" : "MISS";
}

/** A markdown table, one row per budget. */
export function ratioTable(budgets: readonly RatioBudget[]): string {
  const rows = budgets.map((b) => {
    const limit = `${b.bound} ${b.format(b.budget)}${b.atThisReference ? ` (${b.atThisReference})` : ""}`;
    const ratio = Number.isFinite(b.ratio) ? b.format(b.ratio) : "–";
    return `| ${b.what} | ${b.figure} | ${b.reference ?? "not measured in this run"} | ${ratio} | ${limit} | ${verdictOf(b)} |`;
  });
  return [
    "| budget | figure | reference (same run) | ratio | budget | verdict |",
    "|---|---:|---:|---:|---|---|",
    ...rows,
  ].join("\n");
}

export const percent = (ratio: number): string => `${(ratio * 100).toFixed(1)}%`;
export const times = (ratio: number): string => `${ratio.toFixed(ratio < 100 && !Number.isInteger(ratio) ? 1 : 0)}×`;

export const wholeNumber = (ratio: number): string => Math.round(ratio).toLocaleString("en-US");

/** PASS only when every budget is judged and met. */
export const allPass = (budgets: readonly RatioBudget[]): boolean =>
  budgets.every((budget) => verdictOf(budget) === "PASS");

/**
 * A latency over a reference time measured in the same run (a step over a static page's load, a run
 * over its floor): `ms` ÷ `referenceMs` ≤ `budget`. An unmeasured reference (undefined, 0 or NaN) is not judged.
 */
export function timeOverReference(spec: {
  readonly what: string;
  readonly ms: number;
  readonly reference: { readonly name: string; readonly ms: number } | undefined;
  readonly budget: number;
}): RatioBudget {
  const { what, ms, reference, budget } = spec;
  const measured = reference !== undefined && reference.ms > 0;
  return {
    what,
    figure: formatMs(ms),
    reference: measured ? `${reference.name} ${formatMs(reference.ms)}` : undefined,
    ratio: measured ? ms / reference.ms : NaN,
    bound: "≤",
    budget,
    format: times,
    atThisReference: measured ? `${formatMs(budget * reference.ms)} in this run` : undefined,
  };
}

/**
 * A p99 counted in a reference's requests: p99 (ms) × the reference's rate (req/s) ÷ 1,000, the number
 * of reference requests the host answers in that time, so a slower host moves both alike. The
 * reference is a rate, not a p99, because a quiet p99 comes in whole milliseconds (0–5 ms) and one
 * millisecond more would move a ratio to it by 20% or more.
 */
export function p99InReferenceRequests(spec: {
  readonly what: string;
  readonly p99Ms: number;
  readonly reference: { readonly name: string; readonly perSecond: number } | undefined;
  readonly budget: number;
}): RatioBudget {
  const { what, p99Ms, reference, budget } = spec;
  const measured = reference !== undefined && reference.perSecond > 0;
  return {
    what,
    figure: `p99 ${formatMs(p99Ms)}`,
    reference: measured ? `${reference.name} ${wholeNumber(reference.perSecond)} req/s` : undefined,
    ratio: measured ? (p99Ms * reference.perSecond) / 1000 : NaN,
    bound: "≤",
    budget,
    format: wholeNumber,
    atThisReference: measured ? `p99 ${formatMs((budget / reference.perSecond) * 1000)} at this reference` : undefined,
  };
}

/** Milliseconds as printed beside a ratio: whole above 100, one decimal below. */
export const formatMs = (ms: number): string =>
  ms >= 100 ? `${Math.round(ms).toLocaleString("en-US")} ms` : `${ms.toFixed(1)} ms`;
