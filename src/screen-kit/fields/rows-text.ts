// The rows of an array-of-objects field as one line: each row's values joined by ":", rows joined
// by " + " ("Fixed text:TR + Level digit + Random:13 + Check character"), for a list cell.
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { displayText, type RecordLike } from "./display-value";
import type { Translate } from "./translate";

const isRow = (value: unknown): value is RecordLike =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The rows of `value`, or none when it holds no array (an empty field). */
export const rowsOf = (value: unknown): RecordLike[] => (Array.isArray(value) ? value.filter(isRow) : []);

export function rowsSummary(field: Pick<FieldConfig, "rows">, value: unknown, t: Translate): string {
  const fields = field.rows?.fields ?? [];
  return rowsOf(value)
    .map((row) =>
      fields
        .map((sub) => displayText(sub, row, t))
        .filter((text) => text !== "")
        .join(":"),
    )
    .join(" + ");
}
