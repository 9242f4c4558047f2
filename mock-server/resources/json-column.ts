// A column that holds rows (an array-of-objects field, ContractColumn.json) keeps them as JSON text.
// A value that is not JSON text (written before the column held rows) is given as it was stored, for
// the resource's own rules to read.

/** The stored text of rows; null stays null. */
export const jsonCell = (value: unknown): unknown =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** The rows of stored JSON text; text that is no JSON stays as it is. */
export function jsonValue(value: unknown): unknown {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
