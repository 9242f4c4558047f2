// Report helpers: the filters a report sends (date range + dimension filters) and the bars of its chart.
import type { CrudFilter } from "@refinedev/core";
import { displayText, type RecordLike } from "../fields/display-value";
import type { Translate } from "../fields/translate";
import { rangeBounds } from "../fields/value-conversion";
import { valueText } from "../../utils/value-text";
import { toCrudFilters, type FilterValues } from "./filter-values";
import type { FieldConfig } from "../../../schema/contract/screen-config";

/** Form name of the report's date range; not a field name, so it cannot clash with one. */
export const DATE_RANGE = "__dateRange";
/** More bars than this stop being readable. */
export const MAX_BARS = 30;

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** Share of the largest value, 0–100. */
  percent: number;
}

/**
 * The report call filters its source's date field with date_from / date_to (whole days,
 * YYYY-MM-DD; the server counts a date-only `to` as the whole day) and each dimension by eq.
 */
export const REPORT_DATE_PARAM = "date";
export function reportFilters(
  dateField: string | undefined,
  dimensions: readonly FieldConfig[],
  values: FilterValues | undefined,
): CrudFilter[] {
  const filters = toCrudFilters(dimensions, values);
  const range = values?.[DATE_RANGE];
  if (!dateField || !Array.isArray(range)) return filters;
  const [from, to] = rangeBounds(range);
  return from || to ? [{ field: REPORT_DATE_PARAM, operator: "between", value: [from, to] }, ...filters] : filters;
}

/**
 * The dimensions a report's filter form asks for: each but the date field, which the date range
 * filters (a day is a range of one day), so the form has one date control.
 */
export const filterDimensions = (
  dateField: string | undefined,
  dimensions: readonly FieldConfig[],
): readonly FieldConfig[] => dimensions.filter((field) => field.name !== dateField);

export function dimensionLabel(row: RecordLike, dimensions: readonly FieldConfig[], t: Translate): string {
  return dimensions.map((field) => displayText(field, row, t) || "—").join(" / ");
}

export function toBars(
  rows: readonly RecordLike[],
  label: (row: RecordLike) => string,
  measure: string,
  limit = MAX_BARS,
): Bar[] {
  const values = rows.slice(0, limit).map((row) => {
    const value = Number(row[measure]);
    return Number.isFinite(value) ? value : 0;
  });
  const max = Math.max(0, ...values);
  return values.map((value, index) => ({
    key: valueText(rows[index].id ?? index),
    label: label(rows[index]),
    value,
    percent: max > 0 ? Math.max(0, Math.round((value / max) * 1000) / 10) : 0,
  }));
}
