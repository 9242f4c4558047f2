import dayjs from "dayjs";
import { afterAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../settings";
import { applyDayjsLocale, DAYJS_LOCALES } from "./dayjs-locale";

describe("spec §1, §9 dayjs follows the language", () => {
  afterAll(() => applyDayjsLocale("en"));

  it("has a dayjs locale for every interface language", () => {
    expect(Object.keys(DAYJS_LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each([
    ["zh", "zh-cn", "星期五", "一月"],
    ["en", "en", "Friday", "January"],
    ["es", "es", "viernes", "enero"],
    ["ja", "ja", "金曜日", "1月"],
  ] as const)(
    "switches to %s: weekday and month names are that language's",
    async (language, locale, friday, january) => {
      await applyDayjsLocale(language);
      expect(dayjs.locale()).toBe(locale);
      const day = dayjs("2024-01-05T12:00:00");
      expect(day.format("dddd")).toBe(friday);
      expect(day.format("MMMM")).toBe(january);
    },
  );
});
