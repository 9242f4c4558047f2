import { describe, expect, it } from "vitest";
import { checkDigitalLink } from "./digital-link";

describe("GS1 Digital Link", () => {
  it("accepts a GTIN with its check digit and a serial, as the canonical URI", () => {
    expect(checkDigitalLink("06901234567892", "A1B2C3")).toBe("https://id.gs1.org/01/06901234567892/21/A1B2C3");
  });

  it("refuses a wrong check digit, naming the link", () => {
    expect(() => checkDigitalLink("06901234567891", "A1B2C3")).toThrow(
      "/01/06901234567891/21/A1B2C3 is not a valid GS1 Digital Link",
    );
  });
});
