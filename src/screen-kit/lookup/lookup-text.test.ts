import { describe, expect, it } from "vitest";
import type { LookupFieldConfig } from "../../../schema/contract/lookup-config";
import { lookupText } from "./lookup-text";

const t = (key: string, options?: Record<string, unknown>) =>
  ({ "enum.code_type.item": "Item code", "enum.package_fill.closed": "Closed partial" })[key] ??
  String(options?.defaultValue);
const field = (format: LookupFieldConfig["format"], extra: Partial<LookupFieldConfig> = {}): LookupFieldConfig => ({
  path: "x",
  format,
  tag: false,
  optional: false,
  ...extra,
});

describe("a lookup value as text", () => {
  it.each([
    { format: "text" as const, value: 12, want: "12" },
    { format: "text" as const, value: { id: 1, name: "Line 1" }, want: "Line 1" },
    { format: "enum" as const, value: "item", want: "Item code", extra: { enum: "code_type" } },
    { format: "enum" as const, value: "unheard", want: "unheard", extra: { enum: "code_type" } },
    {
      format: "names" as const,
      value: [{ code: "510100", name: "成都市" }, { code: "990000", name: null }, null],
      want: "成都市, 990000, ",
    },
    {
      format: "fill" as const,
      value: { state: "closed", held: 3, capacity: 12 },
      want: "Closed partial 3/12",
      extra: { enum: "package_fill" },
    },
    {
      format: "tally" as const,
      value: [{ level: "item", count: 4 }],
      want: "Item code × 4",
      extra: { enum: "code_type" },
    },
    { format: "text" as const, value: null, want: "" },
  ])("$format of $value is '$want'", ({ format, value, want, extra }) => {
    expect(lookupText(t, field(format, extra), value)).toBe(want);
  });
});
