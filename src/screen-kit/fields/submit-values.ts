// Form values → the body of a create or update. An emptied text box gives "", which the server's
// formats and patterns reject; null is what "no value" means there (optional fields are nullable).
// An empty password means "keep the current one", so it is left out.
import type { FieldConfig } from "../../../schema/contract/screen-config";

export function toSubmitValues(
  fields: readonly Pick<FieldConfig, "name" | "widget">[],
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const widgets = new Map(fields.map((field) => [field.name, field.widget]));
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === "" && widgets.get(name) === "password") continue;
    result[name] = value === "" ? null : value;
  }
  return result;
}
