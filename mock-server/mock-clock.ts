// The server's clock, settable for tests and demos: MOCK_NOW=<ISO date-time> starts
// the clock at that instant, and it then runs at normal speed, so a flow across several days is
// driven from outside by restarting on the same DB_FILE with a later MOCK_NOW. Everything that
// stamps time (the ledger's event and recorded times, x-stamp columns, sessions) reads this clock.
// Unset: the real time.

export const MOCK_NOW_VARIABLE = "MOCK_NOW";

/** The clock for `value` (MOCK_NOW); `realNow` is injectable for tests. Throws on a value that is not a date-time. */
export function mockClock(value: string | undefined, realNow: () => number = Date.now): () => number {
  if (value === undefined || value.trim() === "") return realNow;
  const start = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(start))
    throw new Error(`${MOCK_NOW_VARIABLE}=${value} is not an ISO date-time such as 2024-06-01T08:00:00Z`);
  const offset = start - realNow();
  return () => realNow() + offset;
}
