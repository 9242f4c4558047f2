// SQLite's order of values, in JS, for comparing keys the database returned without asking it again:
// NULL first, then numbers (integers and reals by value), then text by its UTF-8 bytes (BINARY
// collation, the only one the schema uses), then blobs by their bytes. Text compared as JS strings
// would differ for characters past U+FFFF, which are two UTF-16 units starting 0xD800–0xDBFF and so
// sort below U+E000–U+FFFF there, but above them in UTF-8; comparing by code point agrees with UTF-8.

const rank = (value: unknown): number => {
  if (value === null || value === undefined) return 0;
  if (typeof value === "number" || typeof value === "bigint") return 1;
  if (typeof value === "string") return 2;
  return 3;
};

function compareText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i += 1; // both strings hold the same surrogate pair here
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length - b.length === 0 ? 0 : a.length < b.length ? -1 : 1;
}

/** -1, 0 or 1 as SQLite orders `a` and `b`. */
export function compareValue(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (ra === 0) return 0;
  if (ra === 1) return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  if (ra === 2) return compareText(a as string, b as string);
  return compareBytes(a as Uint8Array, b as Uint8Array);
}

/** Row values compared left to right, as SQLite compares `(a, b) < (c, d)`. */
export function compareTuple(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < a.length; i += 1) {
    const order = compareValue(a[i], b[i]);
    if (order !== 0) return order;
  }
  return 0;
}
