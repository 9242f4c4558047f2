import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { screensTranslator } from "../../test-support/screens-translator";
import { DATE_RANGE, dimensionLabel, filterDimensions, reportFilters, toBars } from "./report-data";
import type { FieldConfig } from "../../../schema/contract/screen-config";

const line: FieldConfig = {
  name: "line",
  labelKey: "line",
  type: "string",
  widget: "select",
  column: true,
  filter: "eq",
  sortable: false,
  inForm: false,
  readOnly: true,
  rules: [],
  options: [{ value: "a", labelKey: "screens.common.yes" }],
};
const shift: FieldConfig = { ...line, name: "shift", options: undefined, filter: undefined };

describe("reportFilters", () => {
  it("sends the date range as date_from/date_to whole days and the dimension filters", () => {
    expect(
      reportFilters("made_on", [line, shift], {
        [DATE_RANGE]: [dayjs("2024-05-01 10:00"), dayjs("2024-05-31")],
        line: "a",
      }),
    ).toEqual([
      { field: "date", operator: "between", value: ["2024-05-01", "2024-05-31"] },
      { field: "line", operator: "eq", value: "a" },
    ]);
  });
  it("skips an empty range or a report without date field", () => {
    expect(reportFilters("made_on", [line], {})).toEqual([]);
    expect(reportFilters(undefined, [line], { [DATE_RANGE]: [dayjs(), dayjs()] })).toEqual([]);
  });
});

describe("filterDimensions", () => {
  it("leaves the date field to the date range: one date control", () => {
    const day: FieldConfig = { ...line, name: "day", widget: "input", format: "date", options: undefined };
    expect(filterDimensions("day", [day, line]).map((field) => field.name)).toEqual(["line"]);
    expect(filterDimensions(undefined, [day, line]).map((field) => field.name)).toEqual(["day", "line"]);
  });
});

describe("bars", () => {
  it("scales to the largest value", () => {
    const rows = [
      { line: "a", qty: 50 },
      { line: "b", qty: 200 },
      { line: "c", qty: "x" },
    ];
    expect(toBars(rows, (row) => String(row.line), "qty")).toEqual([
      { key: "0", label: "a", value: 50, percent: 25 },
      { key: "1", label: "b", value: 200, percent: 100 },
      { key: "2", label: "c", value: 0, percent: 0 },
    ]);
  });
  it("caps the number of bars and survives all zeros", () => {
    const rows = Array.from({ length: 40 }, () => ({ qty: 0 }));
    const bars = toBars(rows, () => "", "qty");
    expect(bars).toHaveLength(30);
    expect(bars.every((bar) => bar.percent === 0)).toBe(true);
  });
  it("labels rows by their translated dimensions", async () => {
    const t = await screensTranslator("en");
    expect(dimensionLabel({ line: "a", shift: "night" }, [line, shift], t)).toBe("Yes / night");
    expect(dimensionLabel({ line: "a" }, [line, shift], t)).toBe("Yes / —");
  });
});
