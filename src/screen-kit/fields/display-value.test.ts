import { describe, expect, it } from "vitest";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { displayText, rowsOf } from "./display-value";
import { field } from "../../test-support/screen-fixture";
import { screensTranslator } from "../../test-support/screens-translator";

const base = field("x");

describe("displayText", async () => {
  const t = await screensTranslator("en");
  it.each([
    ["text", base, { x: "tea" }, "tea"],
    ["missing", base, {}, ""],
    ["enum", { ...base, options: [{ value: "on", labelKey: "screens.common.yes" }] }, { x: "on" }, "Yes"],
    ["unknown enum", { ...base, options: [{ value: "on", labelKey: "screens.common.yes" }] }, { x: "off" }, "off"],
    ["boolean", { ...base, type: "boolean", widget: "switch" }, { x: false }, "No"],
    [
      "ref",
      { ...base, ref: { resource: "p", optionsPath: "/api/p/options", optionsMethod: "GET" } },
      { x: 3, x_label: "Tea" },
      "Tea",
    ],
    ["ref without label", { ...base, ref: { resource: "p", optionsPath: "/o", optionsMethod: "GET" } }, { x: 3 }, "3"],
    ["region", { ...base, widget: "region" }, { x: "110101", x_label: "东城区" }, "东城区"],
    ["date", { ...base, widget: "date", format: "date" }, { x: "2024-03-05" }, "2024-03-05"],
    ["password", { ...base, widget: "password" }, { x: "secret" }, "••••••"],
  ] as [string, FieldConfig, Record<string, unknown>, string][])("prints %s", (_name, config, record, want) => {
    expect(displayText(config, record, t)).toBe(want);
  });
});

describe("displayText of rows (an array-of-objects field)", async () => {
  const t = await screensTranslator("en");
  const segments = field("segments", {
    rows: {
      maxItems: 10,
      fields: [
        field("kind", { widget: "select", options: [{ value: "level", labelKey: "screens.common.yes" }] }),
        field("length", { type: "integer", widget: "number" }),
        field("value"),
      ],
    },
  });

  it("joins each row's shown values by ':' and the rows by ' + ', leaving empty values out", () => {
    const rows = [
      { kind: "fixed", value: "TR" },
      { kind: "level", length: null, value: "" },
      { kind: "random", length: 13 },
    ];
    expect(displayText(segments, { segments: rows }, t)).toBe("fixed:TR + Yes + random:13");
  });

  it("is empty for no rows, and a value that is not rows gives none", () => {
    expect(displayText(segments, { segments: [] }, t)).toBe("");
    expect(displayText(segments, { segments: "level + check" }, t)).toBe("");
    expect(rowsOf([{ kind: "level" }, null, 3, ["x"]])).toEqual([{ kind: "level" }]);
  });
});
