import { describe, expect, it } from "vitest";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { CAPPED_WIDTH, cappedWidth } from "./column-width";

const text = (extra: Partial<FieldConfig> = {}): FieldConfig => ({
  name: "f",
  labelKey: "f",
  type: "string",
  widget: "input",
  column: true,
  sortable: false,
  inForm: true,
  readOnly: false,
  rules: [],
  ...extra,
});

describe("cappedWidth", () => {
  it.each([
    {
      given: "a long free text (dealer_name, 100)",
      field: text({ rules: [{ kind: "maxLength", value: 100 }] }),
      want: CAPPED_WIDTH.text,
    },
    { given: "a text without a length", field: text(), want: CAPPED_WIDTH.text },
    { given: "a region's full names", field: text({ widget: "region" }), want: CAPPED_WIDTH.region },
    { given: "a textarea", field: text({ widget: "textarea" }), want: CAPPED_WIDTH.textarea },
    {
      given: "a referenced record's name",
      field: text({
        type: "integer",
        widget: "select",
        ref: { resource: "dealers", optionsPath: "/o", optionsMethod: "GET" },
      }),
      want: CAPPED_WIDTH.reference,
    },
    {
      given: "a code or a short name (≤ 32)",
      field: text({ rules: [{ kind: "maxLength", value: 32 }] }),
      want: undefined,
    },
    { given: "a phone", field: text({ format: "phone" }), want: undefined },
    { given: "a date", field: text({ widget: "datetime", format: "date-time" }), want: undefined },
    {
      given: "an enum's tag",
      field: text({ widget: "select", options: [{ value: "a", labelKey: "a" }] }),
      want: undefined,
    },
    { given: "a number", field: text({ type: "integer", widget: "number" }), want: undefined },
    { given: "the manifest's own width", field: text({ width: 240 }), want: undefined },
  ])("$given: $want", ({ field, want }) => {
    expect(cappedWidth(field)).toBe(want);
  });
});
