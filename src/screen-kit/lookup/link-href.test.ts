import { describe, expect, it } from "vitest";
import { linkHref } from "./link-href";
import { isEmptyValue, valueAt } from "./value-at";

const answer = { detail: { code: "A1", work_order: { id: 7 } }, attribution: null, position: { geo: "geo:1,2" } };

describe("a lookup's values", () => {
  it.each([
    { path: "detail.code", here: answer, want: "A1" },
    { path: "$.position.geo", here: { id: 3 }, want: "geo:1,2" },
    { path: "attribution.dealer.id", here: answer, want: undefined },
    { path: undefined, here: 5, want: 5 },
  ])("$path reads $want", ({ path, here, want }) => {
    expect(valueAt({ root: answer, here }, path)).toBe(want);
  });

  it("calls null, an empty text and an empty list empty, zero not", () => {
    expect([null, undefined, "", [], 0, "x"].map(isEmptyValue)).toEqual([true, true, true, true, false, false]);
  });
});

describe("a lookup's links", () => {
  const scope = { root: answer, here: answer.detail };

  it("sends another lookup the value, encoded", () => {
    expect(linkHref({ kind: "lookup", path: "/packagequery", param: "code" }, scope, "B 2")).toBe(
      "/packagequery?code=B+2",
    );
    expect(linkHref({ kind: "lookup", path: "/packagequery", param: "code" }, scope, null)).toBeUndefined();
  });

  it("opens a record's detail by its id, and none without one", () => {
    expect(linkHref({ kind: "show", path: "/freight/show/:id", id: "work_order.id" }, scope, "x")).toBe(
      "/freight/show/7",
    );
    expect(linkHref({ kind: "show", path: "/freight/show/:id", id: "waybill.id" }, scope, "x")).toBeUndefined();
  });

  it("filters a list the way refine keeps its filters in the address", () => {
    expect(linkHref({ kind: "list", path: "/materialquery", filter: { order_id: "work_order.id" } }, scope, "")).toBe(
      "/materialquery?pageSize=10&currentPage=1&filters[0][field]=order_id&filters[0][operator]=eq&filters[0][value]=7",
    );
  });

  it("fills a create form with the values it has, from the row and the answer's root", () => {
    const row = { root: answer, here: { id: 9 } };
    const link = {
      kind: "create" as const,
      path: "/inspectrecord/create",
      values: { warning_id: "id", code: "$.detail.code", dealer_id: "$.attribution.dealer.id" },
    };
    expect(linkHref(link, row, undefined)).toBe("/inspectrecord/create?warning_id=9&code=A1");
  });
});
