import { describe, expect, it } from "vitest";
import { confirmationAsked } from "./confirmation";

describe("confirmationAsked", () => {
  it("reads errors.confirm of a 409 only", () => {
    expect(confirmationAsked(409, { confirm: "closes B1 (2/3)" })).toBe("closes B1 (2/3)");
    expect(confirmationAsked(400, { confirm: "closes B1 (2/3)" })).toBeUndefined();
    expect(confirmationAsked(409, { status: "is closed" })).toBeUndefined();
    expect(confirmationAsked(409, undefined)).toBeUndefined();
  });
});
