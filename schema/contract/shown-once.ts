// A call whose answer holds a secret the server keeps no copy of (a partner client's API key) names
// it in `shown_once`: the console shows those values in a dialog that says they will not be shown
// again, and nowhere else; the server stores only a hash, so a lost secret is replaced, not read.
export const SHOWN_ONCE_FIELD = "shown_once";

/** The secrets an answer's data shows once, by field name; empty when it shows none. */
export function shownOnce(data: unknown): [string, string][] {
  if (typeof data !== "object" || data === null) return [];
  const record = data as Record<string, unknown>;
  const names = record[SHOWN_ONCE_FIELD];
  if (!Array.isArray(names)) return [];
  return names.flatMap((name) =>
    typeof name === "string" && typeof record[name] === "string" ? [[name, record[name]] as [string, string]] : [],
  );
}
