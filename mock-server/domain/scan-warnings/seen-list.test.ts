// A warning's bounded lists: distinct values, the most recent last, the oldest dropped past the
// limit, and a total that counts each value once while it is listed.
import { describe, expect, it } from "vitest";
import { SEEN_LIMIT, seenAgain, seenFrom } from "./seen-list";

describe("seenFrom", () => {
  it("lists each value once, at the place it was last seen, and counts them; nulls are not values", () => {
    expect(seenFrom(["a", null, "b", "a", "c"])).toEqual({ list: "b,a,c", count: 3 });
    expect(seenFrom([null])).toEqual({ list: null, count: 0 });
  });

  it("keeps the last SEEN_LIMIT and counts them all", () => {
    const values = Array.from({ length: SEEN_LIMIT + 5 }, (_, i) => `v${i}`);
    expect(seenFrom(values)).toEqual({ list: values.slice(5).join(","), count: SEEN_LIMIT + 5 });
  });
});

describe("seenAgain", () => {
  it("moves a listed value to the end without counting it; adds and counts a new one; ignores null", () => {
    expect(seenAgain({ list: "a,b", count: 2 }, "b")).toEqual({ list: "a,b", count: 2 });
    expect(seenAgain({ list: "a,b", count: 2 }, "a")).toEqual({ list: "b,a", count: 2 });
    expect(seenAgain({ list: "a,b", count: 2 }, "c")).toEqual({ list: "a,b,c", count: 3 });
    expect(seenAgain({ list: null, count: 0 }, "a")).toEqual({ list: "a", count: 1 });
    expect(seenAgain({ list: "a", count: 1 }, null)).toEqual({ list: "a", count: 1 });
  });

  it("drops the oldest past the limit; a row without a count starts from its list", () => {
    const full = Array.from({ length: SEEN_LIMIT }, (_, i) => `v${i}`);
    expect(seenAgain({ list: full.join(","), count: 70 }, "new")).toEqual({
      list: [...full.slice(1), "new"].join(","),
      count: 71,
    });
    expect(seenAgain({ list: "a,b", count: null }, "c")).toEqual({ list: "a,b,c", count: 3 });
  });
});
