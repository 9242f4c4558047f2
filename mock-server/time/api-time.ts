// The time as the API and the ledger write it: UTC, to the second (2026-11-26T21:30:02Z), so text
// order is time order on both engines. Server code and the chain's rules format times here.
const recentSeconds = new Map<number, string>();

/**
 * The time, to the second, as the API writes it. The texts of the last few seconds are kept: the
 * public scan asks several times per scan (its stamps, the rules' windows), and formatting a Date
 * was ~1% of its CPU. An invalid time still throws, as toISOString does.
 */
export function nowIso(ms: number): string {
  const second = Math.floor(ms / 1000);
  let text = recentSeconds.get(second);
  if (text === undefined) {
    text = new Date(second * 1000).toISOString().replace(/\.000Z$/, "Z");
    if (recentSeconds.size >= 16) recentSeconds.clear();
    recentSeconds.set(second, text);
  }
  return text;
}

/**
 * An instant as the API gives a stored time: UTC, to the second, with its milliseconds only when it
 * has some (2026-11-26T21:30:02Z, 2026-11-26T21:30:02.345Z). It is the text nowIso writes and the
 * text a time written with milliseconds keeps, so a time column reads back as it was written on
 * either engine: SQLite keeps the text, PostgreSQL's TIMESTAMPTZ prints its instant in this form.
 */
export function apiTime(ms: number): string {
  const text = new Date(ms).toISOString();
  return text.endsWith(".000Z") ? `${text.slice(0, -5)}Z` : text;
}

/**
 * A date-time the API was sent (RFC 3339: any offset, any fraction) as it stores it: the text nowIso
 * writes for its second, so a field holds the API's times, one text per instant whose order is time
 * order, on both engines. Text that is no time is answered as it is (validation refuses it first).
 */
export function storedTime(text: string): string {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : nowIso(ms);
}
