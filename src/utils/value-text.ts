// A value from a JSON answer as text. Records are typed unknown, so a field may hold anything: a
// string, number or boolean reads as itself, nothing as "", and an object or a list the field did not
// expect as its JSON, so it shows what it is rather than "[object Object]".
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value) ?? "";
}
