// spec §9: the language comes from the cookie, else the browser, else en.
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from "../settings";

const isLanguage = (value: string | undefined): value is Language => LANGUAGES.includes(value as Language);

/** "zh-CN" → zh, "es-419" → es; undefined when we do not speak it. */
export function toLanguage(tag: string | undefined): Language | undefined {
  const primary = tag?.toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

export function detectLanguage(cookie: string | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(cookie)) return cookie;
  for (const tag of browserLanguages) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}
