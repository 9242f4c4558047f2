import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { valueBinding } from "./form-item-props";
import { dateKindOf, formatDateValue, fromDayjs, rangeBounds, toDayjs } from "./value-conversion";

describe("date conversion", () => {
  it("knows the kind from widget or format", () => {
    expect(dateKindOf({ widget: "date" })).toBe("date");
    expect(dateKindOf({ widget: "input", format: "date-time" })).toBe("datetime");
    expect(dateKindOf({ widget: "input" })).toBeUndefined();
  });

  it("reads ISO strings and timestamps (10 digits = seconds, spec §9)", () => {
    expect(toDayjs("2024-03-05")?.format("YYYY-MM-DD")).toBe("2024-03-05");
    expect(toDayjs(1700000000)?.valueOf()).toBe(1700000000000);
    expect(toDayjs("1700000000000")?.valueOf()).toBe(1700000000000);
    expect(toDayjs("")).toBeUndefined();
    expect(toDayjs("not a date")).toBeUndefined();
  });

  it("stores dates as YYYY-MM-DD and date-times as ISO", () => {
    const picked = dayjs("2024-03-05T10:20:30.000Z");
    expect(fromDayjs(dayjs("2024-03-05"), "date")).toBe("2024-03-05");
    expect(fromDayjs(picked, "datetime")).toBe("2024-03-05T10:20:30.000Z");
    expect(fromDayjs(null, "date")).toBeUndefined();
  });

  it("round-trips through the form binding", () => {
    const binding = valueBinding({ widget: "datetime" });
    const shown = binding.getValueProps?.("2024-03-05T10:20:30.000Z").value as dayjs.Dayjs;
    expect(dayjs.isDayjs(shown)).toBe(true);
    // The picker reads the business clock (Shanghai), whatever the viewer's machine's zone.
    expect(shown.format("YYYY-MM-DD HH:mm:ss")).toBe("2024-03-05 18:20:30");
    expect(binding.normalize?.(dayjs("2024-03-05 23:30:00"))).toBe("2024-03-05T15:30:00.000Z");
    expect(binding.normalize?.(shown)).toBe("2024-03-05T10:20:30.000Z");
    expect(valueBinding({ widget: "date" }).normalize?.(dayjs("2024-03-05"))).toBe("2024-03-05");
    expect(valueBinding({ widget: "date" }).normalize?.(null)).toBeNull();
    expect(valueBinding({ widget: "switch" })).toEqual({ valuePropName: "checked" });
    expect(valueBinding({ widget: "input" })).toEqual({});
  });

  it("prints dates", () => {
    expect(formatDateValue("2024-03-05", "date")).toBe("2024-03-05");
    // A timestamp reads on the business clock (Shanghai unless the server names another zone).
    expect(formatDateValue("2024-03-05T00:09:10.000Z", "datetime")).toMatch(/^2024-03-05 08:09:10( \(UTC\+8\))?$/);
    expect(formatDateValue(null, "date")).toBe("");
  });

  it("turns a picked range into whole-day bounds", () => {
    const range = [dayjs("2024-01-01 15:00"), dayjs("2024-01-31 09:00")];
    // The days themselves, for a timestamp field too: the server reads each as a whole business day.
    expect(rangeBounds(range)).toEqual(["2024-01-01", "2024-01-31"]);
    expect(rangeBounds(null)).toEqual([undefined, undefined]);
    expect(rangeBounds(["2024-01-01", undefined])).toEqual(["2024-01-01", undefined]);
  });
});
