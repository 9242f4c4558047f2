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
