// spec §1, §9: dayjs speaks the interface language (weekday and month names, antd's date pickers).
// dayjs and each locale are chunks of their own, loaded with the signed-in console (only it shows
// dates; i18n.enableConsoleLanguage) and then with each language shown; en is dayjs's own.
import type { Language } from "../settings";

export const DAYJS_LOCALES: Readonly<Record<Language, string>> = { zh: "zh-cn", en: "en", es: "es", ja: "ja" };

const LOADERS: Readonly<Record<Language, () => Promise<unknown>>> = {
  zh: () => import("dayjs/locale/zh-cn"),
  en: () => Promise.resolve(),
  es: () => import("dayjs/locale/es"),
  ja: () => import("dayjs/locale/ja"),
};

export async function loadDayjsLocale(language: Language): Promise<void> {
  await LOADERS[language]();
}

export async function applyDayjsLocale(language: Language): Promise<void> {
  const [{ default: dayjs }] = await Promise.all([import("dayjs"), loadDayjsLocale(language)]);
  dayjs.locale(DAYJS_LOCALES[language]);
}
