import { describe, expect, it } from "vitest";
import { afterNarrowingChange, narrowingOf, watchedValues } from "./ref-narrowing";

const where = { depart_id: "depart_id" };
const at = (depart_id: unknown) => narrowingOf(where, { depart_id, real_name: "x" });

describe("narrowingOf", () => {
  it("maps the form's values onto the referred fields, and names the empty ones", () => {
    expect(narrowingOf({ depart_id: "department", site_id: "site" }, { department: 3, site: "" })).toMatchObject({
      values: { depart_id: 3 },
      missing: ["site"],
    });
    expect(at(0)).toMatchObject({ values: { depart_id: 0 }, missing: [] });
    expect(at(null)).toMatchObject({ values: {}, missing: ["depart_id"] });
    expect(at(3).key).toBe(at(3).key);
    expect(at(3).key).not.toBe(at(4).key);
  });

  it("watches only the fields the narrowing reads", () => {
    expect(watchedValues(where, { depart_id: 3, real_name: "x" })).toEqual({ depart_id: 3 });
    expect(watchedValues(where, undefined)).toEqual({ depart_id: undefined });
  });
});

describe("afterNarrowingChange", () => {
  it.each([
    ["nothing changed", at(3), at(3), true, "keep"],
    ["first values: a record loading, or the first pick", at(undefined), at(3), true, "keep"],
    ["no choice to lose", at(3), at(4), false, "keep"],
    ["the narrowing field emptied", at(3), at(null), true, "clear"],
    ["changed to another value: ask whether the choice still fits", at(3), at(4), true, "check"],
  ] as const)("%s", (_, before, now, hasValue, want) => {
    expect(afterNarrowingChange(before, now, hasValue)).toBe(want);
  });
});
