// Reads a value of a lookup's answer by a dotted path (detail.parents): from the section's or the
// row's value, or from the answer's root when the path starts with `$.`. A missing step is undefined.

export interface ValueScope {
  /** The whole answer of the call. */
  readonly root: unknown;
  /** The section's value, or the row being shown. */
  readonly here: unknown;
}

function walk(value: unknown, steps: readonly string[]): unknown {
  let node = value;
  for (const step of steps) {
    if (node === null || node === undefined || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

export function valueAt(scope: ValueScope, path: string | undefined): unknown {
  if (!path) return scope.here;
  if (path.startsWith("$.")) return walk(scope.root, path.slice(2).split("."));
  return walk(scope.here, path.split("."));
}

/** Nothing to show: absent, null, an empty text or an empty list. */
export const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
