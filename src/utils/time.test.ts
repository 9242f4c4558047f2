import { describe, expect, it } from "vitest";
import { formatTime } from "./format-time";
import { DEFAULT_TIME_FORMAT, parseTime } from "./parse-time";

const local = new Date(2024, 0, 5, 8, 3, 9); // 2024-01-05 08:03:09 local time, a Friday

describe("spec §9 parseTime", () => {
  it("answers null for falsy input, 0 included, as the original does", () => {
    for (const falsy of [0, "", null, undefined]) expect(parseTime(falsy)).toBeNull();
    expect(parseTime(1)).toBe(parseTime(new Date(1)));
  });

  it("uses the default format", () => {
    expect(DEFAULT_TIME_FORMAT).toBe("{y}-{m}-{d} {h}:{i}:{s}");
    expect(parseTime(local)).toBe("2024-01-05 08:03:09");
  });
  it("reads a 10-digit timestamp as seconds and a 13-digit one as milliseconds", () => {
    const seconds = Math.floor(local.getTime() / 1000);
    expect(parseTime(seconds)).toBe("2024-01-05 08:03:09");
    expect(parseTime(String(seconds))).toBe("2024-01-05 08:03:09");
    expect(parseTime(local.getTime())).toBe("2024-01-05 08:03:09");
  });
  it("parses ISO strings instead of turning them into NaN", () => {
    expect(parseTime(local.toISOString())).toBe("2024-01-05 08:03:09");
    expect(parseTime("2024-01-05", "{y}/{m}/{d}")).toBe("2024/01/05");
    expect(parseTime("2024-01-05T08:03:09")).toBe("2024-01-05 08:03:09");
  });
  it("formats weekday and custom patterns", () => {
    expect(parseTime(local, "{y}年{m}月{d}日 星期{a}")).toBe("2024年01月05日 星期五");
  });
  it("returns null for empty or unreadable input", () => {
    expect(parseTime(undefined)).toBeNull();
    expect(parseTime("")).toBeNull();
    expect(parseTime("not a date")).toBeNull();
  });
});

describe("spec §9 formatTime", () => {
  const now = local.getTime();
  it("says 刚刚 under 30 s", () => {
    expect(formatTime(now - 29_000, undefined, now)).toBe("刚刚");
  });
  it("counts minutes under an hour", () => {
    expect(formatTime(now - 30_000, undefined, now)).toBe("1分钟前");
    expect(formatTime(now - 5 * 60_000, undefined, now)).toBe("5分钟前");
  });
  it("counts hours under a day", () => {
    expect(formatTime(now - 3 * 3600_000, undefined, now)).toBe("3小时前");
  });
  it("says 1天前 under two days", () => {
    expect(formatTime(now - 30 * 3600_000, undefined, now)).toBe("1天前");
  });
  it("switches unit exactly at the spec's limits: 30 s, 1 h, 1 day, 2 days", () => {
    const ago = (seconds: number) => formatTime(now - seconds * 1000, "{y}-{m}-{d}", now);
    expect(ago(0)).toBe("刚刚");
    expect(ago(29.999)).toBe("刚刚");
    expect(ago(30)).toBe("1分钟前");
    expect(ago(3599)).toBe("60分钟前");
    expect(ago(3600)).toBe("1小时前");
    expect(ago(86_399)).toBe("24小时前");
    expect(ago(86_400)).toBe("1天前");
    expect(ago(172_799)).toBe("1天前");
    expect(ago(172_800)).toBe("2024-01-03");
  });
  it("reads a 10-digit timestamp as seconds here too", () => {
    expect(formatTime(Math.floor(now / 1000) - 120, undefined, now)).toBe("2分钟前");
    expect(formatTime(String(Math.floor(now / 1000) - 7200), undefined, now)).toBe("2小时前");
  });
  it("reads ISO strings", () => {
    expect(formatTime(new Date(now - 5 * 60_000).toISOString(), undefined, now)).toBe("5分钟前");
  });
  it("falls back to a date beyond that", () => {
    const old = new Date(2023, 11, 25, 14, 7).getTime();
    expect(formatTime(old, undefined, now)).toBe("12月25日14时7分");
    expect(formatTime(old, "{y}-{m}-{d}", now)).toBe("2023-12-25");
    expect(formatTime(Math.floor(old / 1000), "{y}-{m}-{d}", now)).toBe("2023-12-25");
  });
});
