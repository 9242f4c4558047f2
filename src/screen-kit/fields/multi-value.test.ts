// A multi-value field in the console: shown by its labels in order, filtered by any of the chosen
// values (operator in → <field>=a,b), and restored from the address as the values its control holds.
import { describe, expect, it } from "vitest";
import { displayText, valueTexts } from "./display-value";
import { restoredFilterValue, toCrudFilters } from "../screens/filter-values";
import { filtersToQuery } from "../../api/list-query";

const t = (key: string) => key;
const regions = { name: "authorised_regions", type: "string", widget: "region", filter: "any" } as const;
const warehouses = { name: "warehouse_ids", type: "integer", widget: "select", filter: "any" } as const;

describe("multi-value fields", () => {
  it("shows each value by its label, in order, falling back to the value", () => {
    const record = { authorised_regions: ["320100", "999999"], authorised_regions_label: ["江苏省 南京市", null] };
    expect(valueTexts(regions, record)).toEqual(["江苏省 南京市", "999999"]);
    expect(displayText(regions, record, t)).toBe("江苏省 南京市, 999999");
    expect(valueTexts(regions, { authorised_regions: [] })).toEqual([]);
  });

  it("filters by any of the chosen values, as one comma-separated parameter", () => {
    const filters = toCrudFilters([regions, warehouses], {
      authorised_regions: ["320100", "110000"],
      warehouse_ids: [],
    });
    expect(filters).toEqual([{ field: "authorised_regions", operator: "in", value: ["320100", "110000"] }]);
    expect(filtersToQuery(filters)).toEqual({ authorised_regions: "320100,110000" });
  });

  it("restores the chosen values from the address: ids as numbers, codes as text", () => {
    expect(restoredFilterValue(warehouses, "3,12")).toEqual([3, 12]);
    expect(restoredFilterValue(warehouses, ["3", "12"])).toEqual([3, 12]);
    expect(restoredFilterValue(regions, "320100,110000")).toEqual(["320100", "110000"]);
  });
});
