// spec §9: '{y}-{m}-{d} {h}:{i}:{s}' by default; a 10-digit timestamp counts as seconds.

export const DEFAULT_TIME_FORMAT = "{y}-{m}-{d} {h}:{i}:{s}";
const WEEKDAYS = ["日", "一", "二", "三", "四", "五", "六"];

export type TimeInput = Date | number | string | null | undefined;

/** A Date from a Date, a timestamp (10 digits = seconds) or a date string; null when it cannot be read. */
export function toDate(time: TimeInput): Date | null {
  // spec §9's original answers null for any falsy input, 0 included (not 1970-01-01).
  if (!time) return null;
  if (time instanceof Date) return Number.isNaN(time.getTime()) ? null : time;
  let value: number | string = time;
  if (typeof value === "string") {
    const trimmed = value.trim();
    // The original turned every non-numeric string into NaN; ISO strings must parse.
    if (/^\d+$/.test(trimmed)) value = Number(trimmed);
    else {
      const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed}T00:00:00` : trimmed);
      return Number.isNaN(parsed.getTime()) ? null : parsed;
    }
  }
  if (String(Math.trunc(value)).length === 10) value *= 1000;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Formats with {y} {m} {d} {h} {i} {s} {a} (weekday in Chinese); null for empty or unreadable input. */
export function parseTime(time: TimeInput, format: string = DEFAULT_TIME_FORMAT): string | null {
  const date = toDate(time);
  if (!date) return null;
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return format.replace(/{([ymdhisa])+}/g, (_match, key: string) => {
    const value = parts[key];
    if (key === "a") return WEEKDAYS[value];
    return String(value).padStart(2, "0");
  });
}
