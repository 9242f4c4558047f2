// A lookup value as text, by the field's format: an enum's label, a local date and time, a list of
// regions by name, a package's fill, counts by kind. Pure but for the translate function it is given.
import type { LookupFieldConfig } from "../../../schema/contract/lookup-config";
import { valueText } from "../../utils/value-text";
import { businessTimeText } from "../../utils/business-time";

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Named = { readonly code?: string; readonly name?: string | null } | null;

/** A record ({id, name}, {code, name}) by its name, else its code; anything else as itself. */
const plain = (value: unknown): string => {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const named = value as { name?: unknown; code?: unknown };
    return valueText(named.name ?? named.code ?? value);
  }
  return valueText(value);
};

export function enumText(t: Translate, name: string | undefined, value: unknown): string {
  const text = plain(value);
  return name && text ? t(`enum.${name}.${text}`, { defaultValue: text }) : text;
}

/** A package's fill: its state and how many it holds of how many it takes. */
export function fillText(t: Translate, field: LookupFieldConfig, value: unknown): string {
  const fill = (value ?? {}) as { state?: string; held?: number; capacity?: number | null };
  return `${enumText(t, field.enum, fill.state)} ${fill.held ?? 0}/${fill.capacity ?? "?"}`;
}

export function lookupText(t: Translate, field: LookupFieldConfig, value: unknown): string {
  switch (field.format) {
    case "enum":
      return enumText(t, field.enum, value);
    case "datetime":
      return value ? businessTimeText(Date.parse(valueText(value))) : "";
    case "names":
      return (Array.isArray(value) ? (value as Named[]) : [])
        .map((item) => (item ? (item.name ?? item.code ?? "") : ""))
        .join(", ");
    case "fill":
      return fillText(t, field, value);
    case "tally":
      return (Array.isArray(value) ? (value as Record<string, unknown>[]) : [])
        .map((entry) => {
          const key = Object.keys(entry).find((name) => name !== "count");
          return `${enumText(t, field.enum, key ? entry[key] : "?") || "?"} × ${plain(entry.count)}`;
        })
        .join(", ");
    default:
      return plain(value);
  }
}
