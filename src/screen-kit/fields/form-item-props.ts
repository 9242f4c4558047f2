// How a widget's value reaches antd's Form.Item: switches bind `checked`, date pickers hold
// dayjs on the business clock while the form (and so the request body) keeps ISO strings.
import type { Dayjs } from "dayjs";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { dateKindOf, fromPickerValue, toPickerValue } from "./value-conversion";

export interface ValueBinding {
  valuePropName?: string;
  getValueProps?: (value: unknown) => Record<string, unknown>;
  normalize?: (value: unknown) => unknown;
}

export function valueBinding(field: Pick<FieldConfig, "widget" | "format">): ValueBinding {
  if (field.widget === "switch") return { valuePropName: "checked" };
  const kind = dateKindOf(field);
  if (kind && (field.widget === "date" || field.widget === "datetime")) {
    return {
      getValueProps: (value) => ({ value: toPickerValue(value, kind) }),
      // Cleared is null, so an update clears the date instead of leaving it out.
      normalize: (value) => fromPickerValue(value as Dayjs | null, kind) ?? null,
    };
  }
  return {};
}
