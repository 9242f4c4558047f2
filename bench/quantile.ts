// The one quantile the benches print: nearest rank, as autocannon's and the p99s are read.

/** The nearest-rank quantile `q` (0–1) of `values`; NaN when there are none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
