import { describe, expect, it } from "vitest";
import { buildListParams, clampPageSize, filtersToQuery, sortersToParam } from "./list-query";

describe("filtersToQuery", () => {
  it.each([
    ["eq", { field: "status", operator: "eq", value: "open" }, { status: "open" }],
    ["contains", { field: "name", operator: "contains", value: "tea" }, { name: "tea" }],
    ["gte", { field: "price", operator: "gte", value: 3 }, { price_from: 3 }],
    ["lte", { field: "price", operator: "lte", value: 9 }, { price_to: 9 }],
    [
      "between",
      { field: "made_on", operator: "between", value: ["2024-01-01", "2024-01-31"] },
      { made_on_from: "2024-01-01", made_on_to: "2024-01-31" },
    ],
    [
      "half-open between",
      { field: "made_on", operator: "between", value: [null, "2024-01-31"] },
      { made_on_to: "2024-01-31" },
    ],
    ["boolean", { field: "enabled", operator: "eq", value: false }, { enabled: false }],
    ["empty value", { field: "name", operator: "contains", value: "" }, {}],
    ["unknown operator", { field: "name", operator: "ne", value: "x" }, {}],
  ] as const)("maps %s", (_name, filter, want) => {
    expect(filtersToQuery([filter as never])).toEqual(want);
  });

  it("flattens and-groups, drops or-groups", () => {
    expect(
      filtersToQuery([
        { operator: "and", value: [{ field: "a", operator: "eq", value: 1 }] },
        { operator: "or", value: [{ field: "b", operator: "eq", value: 2 }] },
      ]),
    ).toEqual({ a: 1 });
  });

  it("serialises dates as ISO strings", () => {
    expect(filtersToQuery([{ field: "at", operator: "gte", value: new Date(Date.UTC(2024, 0, 2)) }])).toEqual({
      at_from: "2024-01-02T00:00:00.000Z",
    });
  });
});

describe("sortersToParam", () => {
  it("joins fields with - for descending", () => {
    expect(
      sortersToParam([
        { field: "name", order: "asc" },
        { field: "id", order: "desc" },
      ]),
    ).toBe("name,-id");
  });
  it("gives undefined for no sorters", () => {
    expect(sortersToParam([])).toBeUndefined();
  });
});

describe("buildListParams", () => {
  it("sends 1-based page and size for server pagination", () => {
    expect(buildListParams({ pagination: { currentPage: 3, pageSize: 20 } })).toEqual({ page: 3, size: 20 });
  });
  it("caps size at 100", () => {
    expect(buildListParams({ pagination: { currentPage: 1, pageSize: 500 } }).size).toBe(100);
    expect(clampPageSize(undefined)).toBe(10);
  });
  it("sends no page for unpaged resources or pagination off", () => {
    expect(buildListParams({ pagination: { currentPage: 2, pageSize: 10 }, paged: false })).toEqual({});
    expect(buildListParams({ pagination: { mode: "off" } })).toEqual({});
  });
  it("combines filters, sort and paging", () => {
    expect(
      buildListParams({
        pagination: { currentPage: 1, pageSize: 10 },
        sorters: [{ field: "id", order: "desc" }],
        filters: [{ field: "name", operator: "contains", value: "x" }],
      }),
    ).toEqual({ name: "x", page: 1, size: 10, sort: "-id" });
  });
});
