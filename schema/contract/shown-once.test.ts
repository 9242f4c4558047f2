import { describe, expect, it } from "vitest";
import { SHOWN_ONCE_FIELD, shownOnce } from "./shown-once";

describe("shownOnce", () => {
  it("gives each named field's text", () => {
    expect(shownOnce({ api_key: "tck_x", hint: "tck", [SHOWN_ONCE_FIELD]: ["api_key"] })).toEqual([
      ["api_key", "tck_x"],
    ]);
  });
  it("gives nothing for an answer that names no secret, or names one it does not hold", () => {
    expect(shownOnce({ api_key: "tck_x" })).toEqual([]);
    expect(shownOnce({ [SHOWN_ONCE_FIELD]: ["api_key"] })).toEqual([]);
    expect(shownOnce(undefined)).toEqual([]);
    expect(shownOnce("text")).toEqual([]);
  });
});
