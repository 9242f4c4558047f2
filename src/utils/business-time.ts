// Times as the enterprise reads them: in its business time zone (enterprise.time_zone, which the
// server sends with the enterprise's public record and the dashboard), whatever zone the viewer's
// machine is in. A time is labelled with the business zone's offset ("UTC+8") when the viewer's
// own offset differs at that moment, so a reader abroad knows whose clock the figure is on.
// The server counts every day in the same zone (mock-server/time/business-day.ts).

/** The zone used until the server has named one: the enterprise default. */
export const DEFAULT_BUSINESS_ZONE = "Asia/Shanghai";

let zone = DEFAULT_BUSINESS_ZONE;
const listeners = new Set<() => void>();

export const businessZone = (): string => zone;

/** Adopts the zone the server named; an unknown name keeps the current one. */
export function setBusinessZone(next: string): void {
  if (next === zone || !isKnownZone(next)) return;
  zone = next;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: screens re-render when the zone becomes known. */
export function subscribeBusinessZone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isKnownZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(name: string): Intl.DateTimeFormat {
  let found = formatters.get(name);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone: name,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(name, found);
  }
  return found;
}

/** The wall clock of `name` at `instant`, read as if it were UTC. */
function wallClock(instant: number, name: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(name).formatToParts(instant))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** Minutes east of UTC in `name` at `instant`; undefined names the viewer's own zone. */
export function offsetMinutes(instant: number, name?: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  if (name === undefined) return -new Date(whole).getTimezoneOffset();
  return Math.round((wallClock(whole, name) - whole) / 60_000);
}

/** "UTC+8", "UTC+5:30", "UTC-3", "UTC". */
export function offsetLabel(minutes: number): string {
  if (minutes === 0) return "UTC";
  const size = Math.abs(minutes);
  const rest = size % 60;
  return `UTC${minutes < 0 ? "-" : "+"}${Math.floor(size / 60)}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}

/** The business zone's label at `instant` when the viewer's clock reads differently then; "" when it does not. */
export function zoneLabel(instant: number, name = zone): string {
  const business = offsetMinutes(instant, name);
  return business === offsetMinutes(instant) ? "" : offsetLabel(business);
}

/** `instant` on the business clock: "YYYY-MM-DD HH:mm:ss". */
export function businessDateTime(instant: number, name = zone): string {
  return new Date(wallClock(instant, name)).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * The instant at which the business clock reads `text` ("YYYY-MM-DD HH:mm:ss"): what a date-time
 * picked on the business clock means. A wall time read twice (clocks turned back) is its first
 * instant; one skipped (clocks turned forward) moves forward by the jump, as calendars do. NaN for
 * text that is not a time.
 */
export function businessInstant(text: string, name = zone): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // A zone changes its offset at most once around any wall time: try the offsets a day either side.
  const oneDay = 86_400_000;
  const candidates = [offsetMinutes(asUtc - oneDay, name), offsetMinutes(asUtc + oneDay, name)]
    .map((offset) => asUtc - offset * 60_000)
    .sort((a, b) => a - b);
  return (
    candidates.find((instant) => wallClock(instant, name) === asUtc) ??
    asUtc - offsetMinutes(asUtc - oneDay, name) * 60_000
  );
}

/** The business day ("YYYY-MM-DD") `instant` falls in. */
export const businessDay = (instant: number, name = zone): string => businessDateTime(instant, name).slice(0, 10);

/** A stored time on the business clock, labelled with its zone where the viewer's differs; "" for no time. */
export function businessTimeText(instant: number, name = zone): string {
  if (!Number.isFinite(instant)) return "";
  const label = zoneLabel(instant, name);
  return label ? `${businessDateTime(instant, name)} (${label})` : businessDateTime(instant, name);
}
