// Values as the server stores them (ISO strings) ⇄ values antd widgets hold (dayjs), and
// dates as the screens print them (spec §9: {y}-{m}-{d} {h}:{i}:{s}).
import dayjs, { type Dayjs } from "dayjs";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { valueText } from "../../utils/value-text";
import { businessTimeText } from "../../utils/business-time";

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
