import { expect, it } from "vitest";
import { apiTime, nowIso, storedTime } from "./api-time";

it("writes times to the second, the same text for the same second, and refuses an invalid time", () => {
  const at = Date.UTC(2026, 10, 26, 21, 30, 2);
  expect(nowIso(at)).toBe("2026-11-26T21:30:02Z");
  expect(nowIso(at + 999)).toBe("2026-11-26T21:30:02Z");
  expect(nowIso(at + 1000)).toBe("2026-11-26T21:30:03Z");
  expect(nowIso(at - 600_000)).toBe("2026-11-26T21:20:02Z");
  expect(nowIso(at - 1)).toBe("2026-11-26T21:30:01Z");
  // More distinct seconds than it keeps, then the first again: still right.
  for (let i = 0; i < 40; i += 1) nowIso(at + i * 1000);
  expect(nowIso(at)).toBe("2026-11-26T21:30:02Z");
  expect(nowIso(Date.UTC(1969, 11, 31, 23, 59, 59, 500))).toBe("1969-12-31T23:59:59Z");
  expect(() => nowIso(Number.NaN)).toThrow(RangeError);
});

it("gives a stored instant to the second, with milliseconds only when it has some", () => {
  expect(apiTime(Date.UTC(2026, 10, 26, 21, 30, 2))).toBe("2026-11-26T21:30:02Z");
  expect(apiTime(Date.UTC(2026, 10, 26, 21, 30, 2, 345))).toBe("2026-11-26T21:30:02.345Z");
  expect(apiTime(Date.UTC(2026, 10, 26, 21, 30, 2, 5))).toBe("2026-11-26T21:30:02.005Z");
});

it("stores a date-time the API was sent as the UTC text of its second", () => {
  expect(storedTime("2026-11-26T21:30:02Z")).toBe("2026-11-26T21:30:02Z");
  expect(storedTime("2026-11-27T05:30:02+08:00")).toBe("2026-11-26T21:30:02Z");
  expect(storedTime("2026-11-26t21:30:02.999z")).toBe("2026-11-26T21:30:02Z");
  expect(storedTime("2026-11-26T21:30:02.000Z")).toBe("2026-11-26T21:30:02Z");
  expect(storedTime("not a time")).toBe("not a time");
});
