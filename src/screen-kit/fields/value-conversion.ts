// Values as the server stores them (ISO strings) ⇄ values antd widgets hold (dayjs), and
// dates as the screens print them (spec §9: {y}-{m}-{d} {h}:{i}:{s}).
import dayjs, { type Dayjs } from "dayjs";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { valueText } from "../../utils/value-text";
import { businessDateTime, businessInstant, businessTimeText } from "../../utils/business-time";

export type DateKind = "date" | "datetime";
export const DATE_FORMAT = "YYYY-MM-DD";
export const DATETIME_FORMAT = "YYYY-MM-DD HH:mm:ss";

export function dateKindOf(field: Pick<FieldConfig, "widget" | "format">): DateKind | undefined {
  if (field.widget === "datetime" || field.format === "date-time") return "datetime";
  if (field.widget === "date" || field.format === "date") return "date";
  return undefined;
}

/** spec §9: a 10-digit timestamp is seconds, a 13-digit one milliseconds. */
export function toDayjs(value: unknown): Dayjs | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (dayjs.isDayjs(value)) return value;
  if (value instanceof Date) return dayjs(value);
  const text = valueText(value);
  if (/^\d{10}$/.test(text)) return dayjs(Number(text) * 1000);
  if (/^\d{13}$/.test(text)) return dayjs(Number(text));
  const parsed = dayjs(text);
  return parsed.isValid() ? parsed : undefined;
}

/** date → "YYYY-MM-DD"; datetime → ISO 8601 in UTC, as the server's date-time format wants. */
export function fromDayjs(value: Dayjs | null | undefined, kind: DateKind): string | undefined {
  if (!value || !value.isValid()) return undefined;
  return kind === "date" ? value.format(DATE_FORMAT) : value.toISOString();
}

/**
 * What a date-time picker shows: the stored instant on the business clock (a dayjs whose own fields
 * read the business wall time), so staff abroad edit the time the enterprise works by. A date is a
 * day, the same in every zone.
 */
export function toPickerValue(value: unknown, kind: DateKind): Dayjs | undefined {
  const parsed = toDayjs(value);
  if (!parsed || kind === "date") return parsed;
  return dayjs(businessDateTime(parsed.valueOf()));
}

/** The picker's business wall time back to the instant it names, as the server stores it. */
export function fromPickerValue(value: Dayjs | null | undefined, kind: DateKind): string | undefined {
  if (!value || !value.isValid() || kind === "date") return fromDayjs(value, kind);
  const instant = businessInstant(value.format(DATETIME_FORMAT));
  return Number.isFinite(instant) ? new Date(instant).toISOString() : undefined;
}

/** A date as stored; a timestamp on the business clock, labelled with its zone where the viewer's differs. */
export function formatDateValue(value: unknown, kind: DateKind): string {
  const parsed = toDayjs(value);
  if (!parsed) return valueText(value);
  return kind === "date" ? parsed.format(DATE_FORMAT) : businessTimeText(parsed.valueOf());
}

/**
 * A picked day range as filter bounds: the days themselves ("YYYY-MM-DD"), for a date-time field
 * too, where the server reads each as a whole business day (the enterprise's zone, not the
 * viewer's). Takes dayjs from the picker or strings from a URL that refine's syncWithLocation restored.
 */
export function rangeBounds(range: readonly unknown[] | null | undefined): [string | undefined, string | undefined] {
  const [start, end] = (range ?? []).map(toDayjs);
  return [fromDayjs(start, "date"), fromDayjs(end, "date")];
}
