import { describe, expect, it } from "vitest";
import { boundNumbers, nonFinitePath, NUMBER_LIMIT } from "./number-bounds";

describe("boundNumbers", () => {
  it("gives every integer and number a range within ±2^53 − 1, keeping tighter bounds", () => {
    const schema = {
      type: "object",
      properties: {
        sort: { type: ["integer", "null"], minimum: 0 },
        price: { type: "number", maximum: 1e30 },
        quantity: { type: "integer", minimum: 1, maximum: 5000 },
        name: { type: "string" },
      },
    };
    const bounded = boundNumbers(schema);
    expect(bounded.properties.sort).toEqual({ type: ["integer", "null"], minimum: 0, maximum: NUMBER_LIMIT });
    expect(bounded.properties.price).toEqual({ type: "number", minimum: -NUMBER_LIMIT, maximum: NUMBER_LIMIT });
    expect(bounded.properties.quantity).toEqual({ type: "integer", minimum: 1, maximum: 5000 });
    expect(bounded.properties.name).toEqual({ type: "string" });
    expect(schema.properties.sort).toEqual({ type: ["integer", "null"], minimum: 0 }); // the original is untouched
  });

  it("treats a property named like a keyword as a schema, and enum values as values", () => {
    const bounded = boundNumbers({ properties: { enum: { type: "integer" } }, enum: [{ type: "integer" }] });
    expect(bounded.properties.enum).toEqual({ type: "integer", minimum: -NUMBER_LIMIT, maximum: NUMBER_LIMIT });
    expect(bounded.enum).toEqual([{ type: "integer" }]);
  });
});

describe("nonFinitePath", () => {
  it("points at the first NaN or Infinity", () => {
    expect(nonFinitePath({ a: 1, b: [2, { c: Infinity }] })).toBe("/b/1/c");
    expect(nonFinitePath({ a: Number.NaN })).toBe("/a");
    expect(nonFinitePath({ a: 1e308, b: "Infinity" })).toBeUndefined();
  });
});
