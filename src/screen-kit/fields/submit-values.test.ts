import { describe, expect, it } from "vitest";
import { toSubmitValues } from "./submit-values";

describe("toSubmitValues", () => {
  const fields = [
    { name: "email", widget: "input" as const },
    { name: "secret", widget: "password" as const },
  ];
  it("sends emptied text as null and leaves an empty password out", () => {
    expect(
      toSubmitValues(fields, { email: "", secret: "", qty: 0, on: false, brand_id: null, untouched: undefined }),
    ).toEqual({
      email: null,
      qty: 0,
      on: false,
      brand_id: null,
      untouched: undefined,
    });
  });
  it("keeps a typed password", () => {
    expect(toSubmitValues(fields, { secret: "x1" })).toEqual({ secret: "x1" });
  });
});
