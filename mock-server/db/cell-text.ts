// A column's value as text, for a message, a label, a file or a comparison. The database hands back
// strings, numbers, bigints or null, and a request's JSON may carry booleans; anything else (an
// object, an array) is shown as JSON, never as "[object Object]".

/** The text of a stored or submitted value; null and undefined are the empty string. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
