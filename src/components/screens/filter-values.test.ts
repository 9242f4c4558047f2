import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { toCrudFilters, type FilterField } from "./filter-values";

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
