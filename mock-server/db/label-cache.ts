// The labels of referenced rows (the department's name beside an employee's depart_id), kept per
// table at the table's write version. Every record the API answers carries a label
// per reference, and each was a query: two of a read by id's four. A write to the table moves its
// version (Store.bump / rowWrite) and so drops what was kept; a rolled-back transaction clears
// everything (Store.transaction), since labels read inside it may never have been committed.
// A referenced id that has no row is kept too (as null), so a dangling reference costs one query.

/** Labels kept per table before its map starts again: bounds the memory a huge table can take. */
export const LABELS_PER_TABLE = 10_000;

interface TableLabels {
  readonly version: number;
  readonly labels: Map<number, unknown>;
}

export class LabelCache {
  private readonly tables = new Map<string, TableLabels>();

  constructor(private readonly versionOf: (table: string) => number) {}

  /** The labels of `ids` in `table`; `load` reads the ones not known at its current version. */
  async labels(
    table: string,
    ids: readonly number[],
    load: (missing: readonly number[]) => Promise<Iterable<readonly [number, unknown]>>,
  ): Promise<Map<number, unknown>> {
    const kept = this.current(table);
    const missing = ids.filter((id) => !kept.labels.has(id));
    if (missing.length) {
      if (kept.labels.size + missing.length > LABELS_PER_TABLE) kept.labels.clear();
      const loaded = new Map(await load(missing));
      // A write may have come while loading: keep nothing read before it.
      if (this.current(table) !== kept)
        return new Map(ids.map((id) => [id, kept.labels.get(id) ?? loaded.get(id) ?? null]));
      for (const id of missing) kept.labels.set(id, loaded.get(id) ?? null);
    }
    return new Map(ids.map((id) => [id, kept.labels.get(id)]));
  }

  /** The labels of `ids` when every one is kept at the table's current version; undefined otherwise. */
  kept(table: string, ids: readonly number[]): Map<number, unknown> | undefined {
    const kept = this.current(table);
    const labels = new Map<number, unknown>();
    for (const id of ids) {
      const label = kept.labels.get(id);
      if (label === undefined && !kept.labels.has(id)) return undefined;
      labels.set(id, label);
    }
    return labels;
  }

  clear(): void {
    this.tables.clear();
  }

  private current(table: string): TableLabels {
    const version = this.versionOf(table);
    const kept = this.tables.get(table);
    if (kept?.version === version) return kept;
    const fresh = { version, labels: new Map<number, unknown>() };
    this.tables.set(table, fresh);
    return fresh;
  }
}
