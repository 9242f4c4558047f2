// Business-day boundaries: 23:30 and 00:30 business time on either side of midnight, in a zone
// without daylight saving (Shanghai) and across Berlin's changes, where a day lasts 23 or 25 hours.
import { describe, expect, it } from "vitest";
import {
  businessDayOf,
  businessDayRange,
  businessDayStart,
  isBusinessZone,
  isDay,
  offsetText,
  zoneOffsetMinutes,
} from "./business-day";

const at = (iso: string) => Date.parse(iso);

describe("business day", () => {
  it("puts 23:30 and 00:30 Shanghai time on the two business days they read", () => {
    // 23:30 on 27 November in Shanghai is 15:30 UTC the same day; 00:30 on the 28th is 16:30 UTC on the 27th.
    expect(businessDayOf(at("2026-11-27T15:30:00Z"), "Asia/Shanghai")).toBe("2026-11-27");
    expect(businessDayOf(at("2026-11-27T16:30:00Z"), "Asia/Shanghai")).toBe("2026-11-28");
    expect(businessDayOf(at("2026-11-27T16:30:00Z"), "UTC")).toBe("2026-11-27");
  });

  it("starts a Shanghai day at 16:00 UTC the day before, half-open", () => {
    const { start, end } = businessDayRange("2026-11-28", "Asia/Shanghai");
    expect(new Date(start).toISOString()).toBe("2026-11-27T16:00:00.000Z");
    expect(new Date(end).toISOString()).toBe("2026-11-28T16:00:00.000Z");
    expect(businessDayOf(start, "Asia/Shanghai")).toBe("2026-11-28");
    expect(businessDayOf(start - 1, "Asia/Shanghai")).toBe("2026-11-27");
    expect(businessDayOf(end, "Asia/Shanghai")).toBe("2026-11-29");
  });

  it("follows Berlin across its spring and autumn changes: days of 23 and 25 hours", () => {
    const spring = businessDayRange("2026-03-29", "Europe/Berlin");
    expect(new Date(spring.start).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    const autumn = businessDayRange("2026-10-25", "Europe/Berlin");
    expect(new Date(autumn.start).toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
    // 23:30 and 00:30 Berlin time around the spring night (CET, +01:00) and the next (CEST, +02:00).
    expect(businessDayOf(at("2026-03-28T22:30:00Z"), "Europe/Berlin")).toBe("2026-03-28");
    expect(businessDayOf(at("2026-03-28T23:30:00Z"), "Europe/Berlin")).toBe("2026-03-29");
    expect(businessDayOf(at("2026-03-29T21:30:00Z"), "Europe/Berlin")).toBe("2026-03-29");
    expect(businessDayOf(at("2026-03-29T22:30:00Z"), "Europe/Berlin")).toBe("2026-03-30");
  });

  it("starts a day whose midnight a clock change skips at the first minute it has", () => {
    // Santiago moves from -04:00 to -03:00 at 00:00 on 6 September 2026: that day begins at 01:00.
    const start = businessDayStart("2026-09-06", "America/Santiago");
    expect(new Date(start).toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(businessDayOf(start - 1, "America/Santiago")).toBe("2026-09-05");
  });

  it("gives the offset at the instant, as EPCIS writes it", () => {
    expect(offsetText(zoneOffsetMinutes(at("2026-01-15T12:00:00Z"), "Europe/Berlin"))).toBe("+01:00");
    expect(offsetText(zoneOffsetMinutes(at("2026-07-15T12:00:00Z"), "Europe/Berlin"))).toBe("+02:00");
    expect(offsetText(zoneOffsetMinutes(at("2026-07-15T12:00:00Z"), "Asia/Shanghai"))).toBe("+08:00");
    expect(offsetText(zoneOffsetMinutes(at("2026-07-15T12:00:00Z"), "America/St_Johns"))).toBe("-02:30");
  });

  it("gives each second its own offset, asked once or many times", () => {
    // Lord Howe moves from +10:30 to +11:00 at 15:30 UTC, on no hour of UTC; each second asked twice.
    const lordHowe = (iso: string) => offsetText(zoneOffsetMinutes(at(iso), "Australia/Lord_Howe"));
    for (let round = 0; round < 2; round += 1) {
      expect(lordHowe("2026-10-03T15:29:59.900Z")).toBe("+10:30");
      expect(lordHowe("2026-10-03T15:30:00.000Z")).toBe("+11:00");
      expect(lordHowe("2026-10-03T15:29:59.000Z")).toBe("+10:30");
    }
    // More seconds than are kept: the first ones are read again, as right as before.
    const hour = at("2026-03-29T00:30:00Z");
    for (let second = 0; second < 5000; second += 1)
      expect(zoneOffsetMinutes(hour + second * 1000, "Europe/Berlin")).toBe(second < 1800 ? 60 : 120);
    expect(zoneOffsetMinutes(hour, "Europe/Berlin")).toBe(60);
    expect(zoneOffsetMinutes(hour, "Asia/Shanghai")).toBe(480);
  });

  it("knows IANA zones and real days only", () => {
    expect(isBusinessZone("Asia/Shanghai")).toBe(true);
    expect(isBusinessZone("UTC")).toBe(true);
    expect(isBusinessZone("Mars/Olympus")).toBe(false);
    expect(isBusinessZone("+08:00")).toBe(false);
    expect(isDay("2026-02-28")).toBe(true);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("2026-2-3")).toBe(false);
  });
});
