// spec §2 /m/q/:qrcode: times and dates in the user's locale. The interface language decides;
// the browser's own tag for that language refines it (en-GB writes 1 Jun 2024, en-US Jun 1, 2024).
import { toLanguage } from "../../i18n/detect-language";
import type { Language } from "../../settings";

const DEFAULT_TAGS: Readonly<Record<Language, string>> = { zh: "zh-CN", en: "en-US", es: "es-ES", ja: "ja-JP" };

export function localeTag(language: Language, browserLanguages: readonly string[]): string {
  const own = browserLanguages.find((tag) => {
    if (toLanguage(tag) !== language) return false;
    try {
      return Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0;
    } catch {
      return false; // a malformed tag
    }
  });
  return own ?? DEFAULT_TAGS[language] ?? DEFAULT_TAGS.en;
}

/** A moment (ISO 8601 with zone) in the user's time zone; the text as given when it cannot be read. */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}

/** A calendar date (YYYY-MM-DD) as printed on a pack: no time zone may move it to another day. */
export function formatDate(day: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}
