// Business times: the same instant reads the same in every viewer's zone, labelled where the
// viewer's clock differs; 23:30 and 00:30 Shanghai time fall on their own days.
import { afterEach, describe, expect, it } from "vitest";
import {
  businessDateTime,
  businessDay,
  businessInstant,
  businessTimeText,
  businessZone,
  DEFAULT_BUSINESS_ZONE,
  offsetLabel,
  setBusinessZone,
  zoneLabel,
} from "./business-time";

afterEach(() => setBusinessZone(DEFAULT_BUSINESS_ZONE));

describe("business time", () => {
  it("prints an instant on the business clock and dates it by the business day", () => {
    const lateEvening = Date.parse("2026-11-27T15:30:00Z"); // 23:30 in Shanghai
    const pastMidnight = Date.parse("2026-11-27T16:30:00Z"); // 00:30 on the 28th in Shanghai
    expect(businessDateTime(lateEvening)).toBe("2026-11-27 23:30:00");
    expect(businessDay(lateEvening)).toBe("2026-11-27");
    expect(businessDateTime(pastMidnight)).toBe("2026-11-28 00:30:00");
    expect(businessDay(pastMidnight)).toBe("2026-11-28");
    expect(businessDateTime(pastMidnight, "Europe/Berlin")).toBe("2026-11-27 17:30:00");
  });

  it("labels the zone only where the viewer's offset differs", () => {
    const instant = Date.parse("2026-07-01T12:00:00Z");
    const viewer = -new Date(instant).getTimezoneOffset();
    const shanghai = zoneLabel(instant, "Asia/Shanghai");
    expect(shanghai).toBe(viewer === 480 ? "" : "UTC+8");
    expect(businessTimeText(instant, "Asia/Shanghai")).toBe(
      viewer === 480 ? "2026-07-01 20:00:00" : "2026-07-01 20:00:00 (UTC+8)",
    );
    expect(businessTimeText(Number.NaN)).toBe("");
    expect(offsetLabel(330)).toBe("UTC+5:30");
    expect(offsetLabel(-180)).toBe("UTC-3");
    expect(offsetLabel(0)).toBe("UTC");
  });

  it("adopts the zone the server names, and ignores a name it does not know", () => {
    setBusinessZone("Europe/Berlin");
    expect(businessZone()).toBe("Europe/Berlin");
    setBusinessZone("Mars/Olympus");
    expect(businessZone()).toBe("Europe/Berlin");
  });

  it("reads a wall time picked on the business clock as the instant it names", () => {
    expect(new Date(businessInstant("2026-11-27 23:30:00")).toISOString()).toBe("2026-11-27T15:30:00.000Z");
    expect(new Date(businessInstant("2026-11-28 00:30", "Asia/Shanghai")).toISOString()).toBe(
      "2026-11-27T16:30:00.000Z",
    );
    expect(new Date(businessInstant("2026-07-01 12:00:00", "Asia/Kolkata")).toISOString()).toBe(
      "2026-07-01T06:30:00.000Z",
    );
    // Clocks turned back in New York at 02:00 EDT on 2026-11-01: 01:30 is read twice; the first counts.
    expect(new Date(businessInstant("2026-11-01 01:30:00", "America/New_York")).toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    // Clocks turned forward at 02:00 EST on 2026-03-08: 02:30 never happens; it moves on by the hour.
    expect(new Date(businessInstant("2026-03-08 02:30:00", "America/New_York")).toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    expect(businessInstant("yesterday")).toBeNaN();
  });

  it("round-trips every hour of a day across a zone's change", () => {
    for (let hour = 0; hour < 48; hour += 1) {
      const instant = Date.parse("2026-10-31T12:00:00Z") + hour * 3_600_000;
      const shown = businessDateTime(instant, "America/New_York");
      const back = businessInstant(shown, "America/New_York");
      // The repeated hour reads back as its first instant; every other hour exactly.
      expect(businessDateTime(back, "America/New_York")).toBe(shown);
    }
  });
});
