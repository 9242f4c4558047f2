// What a warning lists of the addresses (or regions) whose scans counted toward it: the distinct
// values, the most recent SEEN_LIMIT of them (oldest first, comma-separated, as the column holds
// them), and how many it has seen in all. The list is bounded so that a code scanned from thousands
// of addresses keeps one small row, written once per scan.

export const SEEN_LIMIT = 50;

export interface Seen {
  /** Comma-separated, oldest first; null when nothing was seen. */
  readonly list: string | null;
  /** Distinct values seen in all, listed or not. */
  readonly count: number;
}

const valuesOf = (list: string | null): string[] => (list ? list.split(",").filter(Boolean) : []);

/**
 * `seen` after a scan of `value`: a listed value moves to the end, a new one is added and counted,
 * the oldest go past the limit. A value that dropped off the list and comes back counts again (the
 * row keeps no more than the list). `count` null: a row written before the count was kept.
 */
export function seenAgain(seen: { list: string | null; count: number | null }, value: string | null): Seen {
  const values = valuesOf(seen.list);
  const count = seen.count ?? values.length;
  if (!value) return { list: seen.list, count };
  if (values[values.length - 1] === value) return { list: seen.list, count };
  const at = values.indexOf(value);
  if (at >= 0) values.splice(at, 1);
  values.push(value);
  return { list: values.slice(-SEEN_LIMIT).join(","), count: at >= 0 ? count : count + 1 };
}

/** The Seen of `values` in the order they were seen (repeats and nulls allowed): each distinct one counted once, at its last place. */
export function seenFrom(values: readonly (string | null)[]): Seen {
  // A Set keeps insertion order: deleting and adding again moves a value to its last place.
  const last = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    last.delete(value);
    last.add(value);
  }
  const distinct = [...last];
  return { list: distinct.length ? distinct.slice(-SEEN_LIMIT).join(",") : null, count: distinct.length };
}
