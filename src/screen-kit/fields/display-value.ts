// One field of one record as text: table cells, descriptions, CSV export and report labels agree.
import type { FieldConfig } from "../../../schema/contract/screen-config";
import type { Translate } from "./translate";
import { valueText } from "../../utils/value-text";
import { dateKindOf, formatDateValue } from "./value-conversion";

export type DisplayField = Pick<FieldConfig, "name" | "type" | "widget" | "format" | "options" | "ref" | "rows">;
export type RecordLike = Readonly<Record<string, unknown>>;

/** The server sends a reference's (and a region's) display text beside it as <field>_label. */
export const labelKeyOf = (field: Pick<FieldConfig, "name">): string => `${field.name}_label`;

export function enumLabelKey(field: DisplayField, value: unknown): string | undefined {
  return field.options?.find((option) => option.value === valueText(value))?.labelKey;
}

/** Each value of a multi-value field as text: its label (<field>_label, in the same order), else itself. */
export function valueTexts(field: Pick<FieldConfig, "name">, record: RecordLike): string[] {
  const values = record[field.name];
  if (!Array.isArray(values)) return [];
  const labels = record[labelKeyOf(field)];
  return values.map((value: unknown, index) => {
    const label: unknown = Array.isArray(labels) ? labels[index] : undefined;
    return label === undefined || label === null || label === "" ? valueText(value) : valueText(label);
  });
}

export function displayText(field: DisplayField, record: RecordLike, t: Translate): string {
  const value = record[field.name];
  if (value === undefined || value === null || value === "") return "";
  if (field.rows) return rowsSummary(field.rows.fields, value, t);
  if (Array.isArray(value)) return valueTexts(field, record).join(", ");
  if (field.options) {
    const key = enumLabelKey(field, value);
    return key ? t(key) : valueText(value);
  }
  if (field.type === "boolean" || field.widget === "switch")
    return t(value ? "screens.common.yes" : "screens.common.no");
  if (field.ref || field.widget === "region") {
    const label = record[labelKeyOf(field)];
    return label === undefined || label === null || label === "" ? valueText(value) : valueText(label);
  }
  if (field.widget === "password") return "••••••";
  const kind = dateKindOf(field);
  return kind ? formatDateValue(value, kind) : valueText(value);
}

const isRow = (value: unknown): value is RecordLike =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The rows of an array-of-objects field's value; none when it holds no array. */
export const rowsOf = (value: unknown): RecordLike[] => (Array.isArray(value) ? value.filter(isRow) : []);

/**
 * Rows on one line: each row's values as its fields show them, joined by ":", the rows joined by
 * " + " ("Fixed text:TR + Level digit + Random:13 + Check character"); empty values are left out.
 */
function rowsSummary(fields: readonly DisplayField[], value: unknown, t: Translate): string {
  return rowsOf(value)
    .map((row) =>
      fields
        .map((field) => displayText(field, row, t))
        .filter((text) => text !== "")
        .join(":"),
    )
    .join(" + ");
}
