// The calendar table holds the same day starts as the helper computes one by one, and a view's
// day expression reads them: 23:30 and 00:30 business time land on their own days.
import { describe, expect, it } from "vitest";
import { openStore } from "../db/store";
import { businessDayStart, isoInstant } from "./business-day";
import { businessDaySql, calendarRows, CALENDAR_TABLE, useBusinessCalendar } from "./business-calendar";

describe("business calendar", () => {
  it.each(["Europe/Berlin", "Asia/Shanghai", "America/Santiago"])("agrees with the helper day by day in %s", (zone) => {
    const rows = calendarRows(zone);
    const wrong = rows.filter(([start, day]) => day !== null && isoInstant(businessDayStart(day, zone)) !== start);
    expect(wrong).toEqual([]);
    expect(rows.at(-1)?.[1]).toBeNull();
  });

  it("dates stored UTC times by the business day, and follows a change of zone", async () => {
    const store = openStore(":memory:");
    await useBusinessCalendar(store, "Asia/Shanghai");
    const dayOf = async (time: string) =>
      (await store.get<{ day: string }>(`SELECT ${businessDaySql(store.engine.dialect, "?")} AS day`, [time, time]))!
        .day;
    expect(await dayOf("2026-11-27T15:30:00.000Z")).toBe("2026-11-27"); // 23:30 in Shanghai
    expect(await dayOf("2026-11-27T16:30:00.000Z")).toBe("2026-11-28"); // 00:30 in Shanghai
    expect(await dayOf("2150-01-01T00:00:00.000Z")).toBe("2150-01-01"); // past the calendar: the UTC date
    await useBusinessCalendar(store, "Europe/Berlin");
    expect(await dayOf("2026-11-27T16:30:00.000Z")).toBe("2026-11-27");
    expect(await dayOf("2026-11-27T23:30:00.000Z")).toBe("2026-11-28"); // 00:30 in Berlin
    const count = (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${CALENDAR_TABLE}`))!.n;
    expect(count).toBe(calendarRows("Europe/Berlin").length);
    await store.close();
  });
});
