// Demo values that a field's rules accept: a time zone is one the runtime knows, the field's default.
import { describe, expect, it } from "vitest";
import type { ContractColumn } from "../../schema/contract/server-contract";
import { isBusinessZone } from "../time/business-day";
import { valueFor } from "./column-values";
import { Prng } from "./prng";

const zoneColumn = (extra: Partial<ContractColumn>): ContractColumn =>
  ({ name: "time_zone", type: "string", widget: "timezone", ...extra }) as ContractColumn;
const env = {
  rng: new Prng(7),
  anchor: Date.parse("2026-11-28T00:00:00Z"),
  index: 0,
  table: "enterprise",
  areaCodes: [],
};

describe("seeded column values", () => {
  it("a time zone field takes its default, or the enterprise default, never made-up text", () => {
    expect(valueFor(zoneColumn({ default: "Europe/Berlin" }), env)).toBe("Europe/Berlin");
    const fallback = valueFor(zoneColumn({}), env);
    expect(fallback).toBe("Asia/Shanghai");
    expect(isBusinessZone(fallback)).toBe(true);
  });
});
