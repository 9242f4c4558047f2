// A create form's starting values: the manifest's defaults, then what the address gives
// (/inspectrecord/create?warning_id=7&code=X…), so another screen can open a form filled in for
// its record (信息查询's "record inspection"). Only fields the form shows and the user may type
// are taken, as their field's type; anything else in the address is left alone.
import type { FieldConfig } from "../../../schema/contract/screen-config";
import type { FieldDefault } from "../../../schema/contract/vocabulary";

type Value = string | number | boolean;

function typed(field: Pick<FieldConfig, "type">, text: string): Value | undefined {
  if (field.type === "integer" || field.type === "number") {
    const number = Number(text);
    return text.trim() !== "" && Number.isFinite(number) && (field.type === "number" || Number.isInteger(number))
      ? number
      : undefined;
  }
  if (field.type === "boolean") return text === "true" ? true : text === "false" ? false : undefined;
  return text;
}

export function startValues(
  fields: readonly Pick<FieldConfig, "name" | "type" | "inForm" | "readOnly" | "default">[],
  address: URLSearchParams,
): Record<string, FieldDefault> {
  const values: Record<string, FieldDefault> = {};
  for (const field of fields) {
    if (!field.inForm) continue;
    if (field.default !== undefined) values[field.name] = field.default;
    const given = field.readOnly ? null : address.get(field.name);
    const value = given === null ? undefined : typed(field, given);
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}
