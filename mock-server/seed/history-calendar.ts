// The days of the seeded history and the moments within them. Every event falls between 00:00
// and 15:30 UTC (08:00–23:30 in China), so a day is the same day whether it is cut in UTC or in
// the business time zone (Asia/Shanghai). Weekends are lighter, never empty: the dashboard's last
// seven days each have production, shipments and scans.

export const DAY_MS = 24 * 3600 * 1000;
export const MINUTE_MS = 60_000;
/** Events of a day start at 00:20 UTC and end by 15:30 UTC. */
export const DAY_END_MS = 15.5 * 3600 * 1000;
/** The default length of the history, in days before the anchor (`npm run seed -- --days N`). */
export const DEFAULT_HISTORY_DAYS = 90;

export interface HistoryDay {
  /** 0 for the first day of the history. */
  readonly index: number;
  /** 00:00 UTC of the day. */
  readonly start: number;
  /** YYYY-MM-DD. */
  readonly date: string;
  /** 0 Sunday … 6 Saturday. */
  readonly weekday: number;
}

export const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const compactDate = (ms: number): string => isoDate(ms).replace(/-/g, "");
export const isWeekend = (day: HistoryDay): boolean => day.weekday === 0 || day.weekday === 6;
/** A moment of the day, `hours` (fractional) after 00:00 UTC. */
export const atHour = (day: HistoryDay, hours: number): number => day.start + Math.round(hours * 60) * MINUTE_MS;

/**
 * The `days` days before the anchor (00:00 UTC of the anchor day), oldest first; the anchor day
 * itself too when its events are all over before `now` (a seed after 15:30 UTC, when the business
 * day in China is already the next one). A day not over by `now` is left out: the history never
 * runs ahead of the server's clock (a clock set back with MOCK_NOW gets less of it).
 */
export function historyDays(anchor: number, days: number, now: number): HistoryDay[] {
  const count = Math.max(0, Math.floor(days));
  const last = anchor + DAY_END_MS <= now ? 0 : 1;
  const out: HistoryDay[] = [];
  for (let back = count - 1 + last; back >= last; back -= 1) {
    const start = anchor - back * DAY_MS;
    if (start + DAY_END_MS > now) continue;
    out.push({ index: out.length, start, date: isoDate(start), weekday: new Date(start).getUTCDay() });
  }
  return out;
}
