import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { restoredFilterValue, toCrudFilters, type FilterField } from "./filter-values";

const fields: FilterField[] = [
  { name: "name", filter: "contains", widget: "input", type: "string" },
  { name: "status", filter: "eq", widget: "select", type: "string" },
  { name: "enabled", filter: "eq", widget: "switch", type: "boolean" },
  { name: "made_on", filter: "range", widget: "date", format: "date", type: "string" },
  { name: "price", filter: "range", widget: "number", type: "number" },
  { name: "note", widget: "input", type: "string" },
];

describe("toCrudFilters", () => {
  it("maps each filter kind", () => {
    expect(
      toCrudFilters(fields, {
        name: "  tea ",
        status: "on",
        enabled: false,
        made_on: [dayjs("2024-01-01"), dayjs("2024-01-31")],
        price: [1, null],
        note: "ignored",
      }),
    ).toEqual([
      { field: "name", operator: "contains", value: "tea" },
      { field: "status", operator: "eq", value: "on" },
      { field: "enabled", operator: "eq", value: false },
      { field: "made_on", operator: "between", value: ["2024-01-01", "2024-01-31"] },
      { field: "price", operator: "between", value: [1, undefined] },
    ]);
  });

  it("leaves out empty values", () => {
    expect(toCrudFilters(fields, { name: "  ", status: undefined, made_on: null, price: [null, null] })).toEqual([]);
    expect(toCrudFilters(fields, undefined)).toEqual([]);
  });
});

describe("restoredFilterValue (filters read back from the URL are text)", () => {
  const department: FilterField = { name: "depart_id", filter: "eq", widget: "select", type: "integer" };
  it("turns a reference id back into a number, so the select finds its option and shows the name", () => {
    expect(restoredFilterValue(department, "3")).toBe(3);
    expect(restoredFilterValue(department, 3)).toBe(3);
    expect(restoredFilterValue(department, "x")).toBe("x");
    expect(restoredFilterValue(department, "")).toBe("");
  });
  it("turns yes/no text into a boolean and leaves enum text alone", () => {
    expect(restoredFilterValue(fields[2], "false")).toBe(false);
    expect(restoredFilterValue(fields[1], "on")).toBe("on");
  });
  it("turns a date range into dayjs values and a number range into numbers", () => {
    const [from, to] = restoredFilterValue(fields[3], ["2024-01-01", ""]) as [dayjs.Dayjs, undefined];
    expect(dayjs.isDayjs(from) && from.format("YYYY-MM-DD")).toBe("2024-01-01");
    expect(to).toBeUndefined();
    expect(restoredFilterValue(fields[4], ["1.5", "9"])).toEqual([1.5, 9]);
  });
});
