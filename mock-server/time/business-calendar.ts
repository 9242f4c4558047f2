// The business calendar as a table the ledger's views join: one row per business day with the UTC
// instant it starts, computed here (business-day.ts) for the enterprise's zone. A view finds an
// event's day as the last start at or before its time, which is the half-open range
// [start of day, start of next day) in plain SQL that PostgreSQL runs as SQLite does; a time
// outside the calendar falls back to its UTC date. The table is rewritten when the zone changes.
import type { Dialect } from "../db/engine/dialect";
import type { Store } from "../db/store";
import { businessDayStart, isoInstant, shiftDay, zoneOffsetMinutes } from "./business-day";

export const CALENDAR_TABLE = "_business_days";
const ZONE_KEY = "business_calendar_zone";
/** The calendar's span: the first day, and the day after the last, whose row ends it (day NULL). */
export const CALENDAR_FIRST_DAY = "2000-01-01";
export const CALENDAR_END_DAY = "2100-01-01";
const ROWS_PER_INSERT = 400;
const WEEK = 7;

// The starts are compared with the ledger's event times, in byte order on both engines (dialect.ts).
const ddl = (store: Store) => `
CREATE TABLE IF NOT EXISTS ${CALENDAR_TABLE} (starts_at ${store.engine.dialect.instantText} PRIMARY KEY, day TEXT) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS _meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
${store.engine.dialect.timeTextDdl}`;

/**
 * SQL for the business day ("YYYY-MM-DD") of the UTC time `column`: an ISO-8601 text or a timestamp,
 * compared as its text (dialect.ts timeText), so one rule serves both on both engines.
 */
export function businessDaySql(dialect: Pick<Dialect, "timeText">, column: string): string {
  const text = dialect.timeText(column);
  return `COALESCE((SELECT bd.day FROM ${CALENDAR_TABLE} bd WHERE bd.starts_at <= ${text} ORDER BY bd.starts_at DESC LIMIT 1), substr(${text}, 1, 10))`;
}

/** Every day's start in `zone` from CALENDAR_FIRST_DAY up to CALENDAR_END_DAY, which closes the calendar. */
export function calendarRows(zone: string): [string, string | null][] {
  const rows: [string, string | null][] = [];
  const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
  let offset = zoneOffsetMinutes(midnight(CALENDAR_FIRST_DAY), zone);
  let day = CALENDAR_FIRST_DAY;
  while (day < CALENDAR_END_DAY) {
    // Offsets change a few times a year at most: when a week on starts under the same offset, every
    // day of it does, and one reading covers seven; otherwise each day is read.
    const week = Array.from({ length: WEEK }, (_, index) => shiftDay(day, index)).filter((d) => d < CALENDAR_END_DAY);
    const last = week[week.length - 1];
    const steady = zoneOffsetMinutes(midnight(last) - offset * 60_000, zone) === offset;
    for (const current of week) {
      let start = midnight(current) - offset * 60_000;
      if (!steady && zoneOffsetMinutes(start, zone) !== offset) {
        start = businessDayStart(current, zone);
        offset = zoneOffsetMinutes(start, zone);
      }
      rows.push([isoInstant(start), current]);
    }
    day = shiftDay(last, 1);
  }
  rows.push([isoInstant(businessDayStart(CALENDAR_END_DAY, zone)), null]);
  return rows;
}

/** Makes the calendar that of `zone`, unless it already is. Call inside the write's transaction when there is one. */
export async function useBusinessCalendar(store: Store, zone: string): Promise<void> {
  await store.exec(ddl(store));
  // The stored zone is read in the transaction that rewrites the calendar: two changes of zone at
  // once leave the calendar of the one that wrote last, never a mix or a stale _meta.
  await store.transaction(async () => {
    const stored = await store.get<{ value: string }>("SELECT value FROM _meta WHERE key = ?", [ZONE_KEY]);
    if (stored?.value === zone) return;
    const rows = calendarRows(zone);
    await store.run(`DELETE FROM ${CALENDAR_TABLE}`);
    for (let index = 0; index < rows.length; index += ROWS_PER_INSERT) {
      const chunk = rows.slice(index, index + ROWS_PER_INSERT);
      await store.run(
        `INSERT INTO ${CALENDAR_TABLE} (starts_at, day) VALUES ${chunk.map(() => "(?, ?)").join(", ")}`,
        chunk.flat(),
      );
    }
    await store.run(
      "INSERT INTO _meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [ZONE_KEY, zone],
    );
  });
}
