// A list cell of rows: every row in order, each value as its field shows it (enums translated),
// empty values left out; anything but an array is no rows.
import { describe, expect, it } from "vitest";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { rowsOf, rowsSummary } from "./rows-text";

const sub = (name: string, extra: Partial<FieldConfig> = {}): FieldConfig => ({
  name,
  labelKey: `resource.r.rows.segments.${name}`,
  type: "string",
  widget: "input",
  column: true,
  sortable: false,
  inForm: true,
  readOnly: false,
  rules: [],
  ...extra,
});
const field = {
  rows: {
    maxItems: 10,
    fields: [
      sub("kind", {
        widget: "select",
        options: [
          { value: "fixed", labelKey: "enum.kind.fixed" },
          { value: "level", labelKey: "enum.kind.level" },
        ],
      }),
      sub("length", { type: "integer", widget: "number" }),
      sub("value"),
    ],
  },
};
const t = (key: string) => (key.startsWith("enum.kind.") ? key.slice("enum.kind.".length).toUpperCase() : key);

describe("rowsSummary", () => {
  it("joins each row's shown values by ':' and the rows by ' + '", () => {
    const rows = [
      { kind: "fixed", value: "TR" },
      { kind: "level", length: null, value: "" },
      { kind: "x", length: 13 },
    ];
    expect(rowsSummary(field, rows, t)).toBe("FIXED:TR + LEVEL + x:13");
  });

  it("is empty for no rows or a value that is not an array", () => {
    expect(rowsSummary(field, [], t)).toBe("");
    expect(rowsSummary(field, "level + check", t)).toBe("");
    expect(rowsOf([{ kind: "level" }, null, 3])).toEqual([{ kind: "level" }]);
  });
});
