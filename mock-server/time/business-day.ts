// The enterprise's business day: the calendar day in its time zone (an IANA name), and the UTC
// instants where each such day starts. Every day boundary the server draws (dashboard, reports,
// date filters, exports, EPCIS offsets) comes from here, computed with Intl so a daylight-saving
// change moves midnight with it; queries then compare stored UTC timestamps with half-open
// ranges [start, end), which any SQL engine can do.

/** The zone a new enterprise works in, and the one used while none is stored. */
export const DEFAULT_BUSINESS_ZONE = "Asia/Shanghai";

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The wall-clock reading in `zone` at `instant`, as if it were UTC (milliseconds dropped). */
function wallClock(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(instant))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

let zoneNames: ReadonlySet<string> | undefined;

/** Whether `zone` is an IANA time zone this runtime knows (Intl.supportedValuesOf, plus UTC). */
export function isBusinessZone(zone: unknown): zone is string {
  if (typeof zone !== "string") return false;
  zoneNames ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return zoneNames.has(zone);
}

/** Offsets kept by zone and whole second, before the oldest are dropped. */
const OFFSETS_KEPT = 4096;
const offsets = new Map<string, number>();

/**
 * Minutes east of UTC in `zone` at `instant` (Shanghai 480, Berlin 60 in winter and 120 in summer).
 * Kept by zone and second, the only key that is exact (a zone may change its offset at any second):
 * every event of the ledger and every captured event is given its offset, Intl's formatToParts
 * takes tens of microseconds, and a document's or a page's events mostly share their times.
 */
export function zoneOffsetMinutes(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const key = `${zone} ${whole}`;
  let minutes = offsets.get(key);
  if (minutes === undefined) {
    minutes = Math.round((wallClock(whole, zone) - whole) / 60_000);
    if (offsets.size >= OFFSETS_KEPT) offsets.delete(offsets.keys().next().value!);
    offsets.set(key, minutes);
  }
  return minutes;
}

/** The offset as ISO-8601 and EPCIS write it: "+08:00", "-03:30", "+00:00". */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const size = Math.abs(minutes);
  return `${sign}${String(Math.floor(size / 60)).padStart(2, "0")}:${String(size % 60).padStart(2, "0")}`;
}

/** `instant` as the business zone's clock reads it: "YYYY-MM-DD HH:mm:ss", for files people read (exports). */
export function businessTimeText(instant: number, zone: string): string {
  return new Date(wallClock(instant, zone)).toISOString().slice(0, 19).replace("T", " ");
}

/** The business day ("YYYY-MM-DD") that `instant` falls in. */
export function businessDayOf(instant: number, zone: string): string {
  return new Date(wallClock(instant, zone)).toISOString().slice(0, 10);
}

/** Whether `day` is a real calendar day written "YYYY-MM-DD". */
export function isDay(day: unknown): day is string {
  if (typeof day !== "string") return false;
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}

/** The day `days` after `day` (before it when negative), by the calendar. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant of business day `day`: its local midnight, or, where a clock change skips
 * midnight, the first instant the day exists.
 */
export function businessDayStart(day: string, zone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // Midnight read as UTC, moved back by the offset there and then by the offset at the result,
  // lands on local midnight unless a change lies between the two readings.
  let instant = midnight - zoneOffsetMinutes(midnight, zone) * 60_000;
  instant = midnight - zoneOffsetMinutes(instant, zone) * 60_000;
  if (businessDayOf(instant, zone) === day && businessDayOf(instant - 1, zone) < day) return instant;
  // A skipped or repeated midnight: search the minute the day begins within six hours either side.
  let [low, high] = [instant - 6 * 3_600_000, instant + 6 * 3_600_000];
  while (high - low > 60_000) {
    const middle = low + Math.floor((high - low) / 120_000) * 60_000;
    if (businessDayOf(middle, zone) < day) low = middle;
    else high = middle;
  }
  return high;
}

/** Business day `day` as UTC instants [start, end). */
export function businessDayRange(day: string, zone: string): { start: number; end: number } {
  return { start: businessDayStart(day, zone), end: businessDayStart(shiftDay(day, 1), zone) };
}

/** As stored timestamps are written: ISO-8601 UTC with milliseconds, so they compare as text. */
export const isoInstant = (instant: number): string => new Date(instant).toISOString();
