import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, localeTag } from "./scan-format";

describe("localeTag", () => {
  it.each([
    ["en", ["en-GB", "zh-CN"], "en-GB"],
    ["en", ["zh-CN"], "en-US"],
    ["zh", ["zh-TW", "en"], "zh-TW"],
    ["ja", [], "ja-JP"],
    ["es", ["es-419"], "es-419"],
    ["es", ["not a tag!", "es-MX"], "es-MX"],
  ] as const)("%s with browser %j → %s", (language, browser, want) => {
    expect(localeTag(language, browser)).toBe(want);
  });
});

// ICU versions differ in which space they put before AM/PM (U+0020 or U+202F).
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatDateTime", () => {
  const iso = "2024-06-01T10:05:00Z";
  it("writes the moment in the locale and time zone", () => {
    expect(plain(formatDateTime(iso, "en-US", "UTC"))).toBe("Jun 1, 2024, 10:05 AM");
    expect(plain(formatDateTime(iso, "en-GB", "UTC"))).toBe("1 Jun 2024, 10:05");
    expect(plain(formatDateTime(iso, "zh-CN", "Asia/Shanghai"))).toBe("2024年6月1日 18:05");
    expect(plain(formatDateTime(iso, "ja-JP", "Asia/Tokyo"))).toBe("2024/06/01 19:05");
    expect(plain(formatDateTime(iso, "es-ES", "UTC"))).toBe("1 jun 2024, 10:05");
  });

  it("gives unreadable text back as it came", () => {
    expect(formatDateTime("soon", "en-US")).toBe("soon");
  });
});

describe("formatDate", () => {
  it("keeps the calendar day whatever the time zone", () => {
    expect(plain(formatDate("2024-05-28", "en-US"))).toBe("May 28, 2024");
    expect(plain(formatDate("2024-05-28", "zh-CN"))).toBe("2024年5月28日");
  });

  it("gives other text back as it came", () => {
    expect(formatDate("2024-13", "en-US")).toBe("2024-13");
    expect(formatDate("2024-13-45", "en-US")).toBe("2024-13-45");
  });
});
