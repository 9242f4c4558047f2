import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/http-client";
import { toFieldErrors } from "./server-errors";

describe("toFieldErrors", () => {
  it("reads ApiError field errors", () => {
    const error = new ApiError("invalid", 400, 400, { name: "too long" });
    expect(toFieldErrors(error)).toEqual([{ name: "name", errors: ["too long"] }]);
  });
  it("accepts lists and ignores the rest", () => {
    expect(toFieldErrors({ errors: { a: ["x", "y"], b: true } })).toEqual([{ name: "a", errors: ["x", "y"] }]);
    expect(toFieldErrors(new Error("plain"))).toEqual([]);
    expect(toFieldErrors(null)).toEqual([]);
  });
});
