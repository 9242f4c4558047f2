// The history's days: the days before the anchor, the anchor day only once its events are over
// by the clock, and never a day the clock has not reached.
import { describe, expect, it } from "vitest";
import { DAY_END_MS, historyDays } from "./history-calendar";

const ANCHOR = Date.parse("2024-06-01T00:00:00Z");
const dates = (days: number, now: string) => historyDays(ANCHOR, days, Date.parse(now)).map((day) => day.date);

describe("historyDays", () => {
  it("gives the days before the anchor, oldest first, indexed from 0", () => {
    const days = historyDays(ANCHOR, 3, Date.parse("2024-06-01T08:00:00Z"));
    expect(days.map((day) => [day.index, day.date, day.weekday])).toEqual([
      [0, "2024-05-29", 3],
      [1, "2024-05-30", 4],
      [2, "2024-05-31", 5],
    ]);
  });

  it("ends on the anchor day once that day's events are over (the next business day in China)", () => {
    expect(dates(2, "2024-06-01T15:29:00Z")).toEqual(["2024-05-30", "2024-05-31"]);
    expect(dates(2, "2024-06-01T17:00:00Z")).toEqual(["2024-05-31", "2024-06-01"]);
  });

  it("leaves out any day the clock has not reached, and gives none for 0 days", () => {
    expect(dates(3, "2024-05-31T12:00:00Z")).toEqual(["2024-05-29", "2024-05-30"]);
    expect(dates(0, "2024-06-01T08:00:00Z")).toEqual([]);
    for (const day of historyDays(ANCHOR, 90, ANCHOR)) expect(day.start + DAY_END_MS).toBeLessThanOrEqual(ANCHOR);
  });
});
