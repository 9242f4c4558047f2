// spec §1, §9: dayjs speaks the interface language (weekday and month names, antd's date pickers).
import dayjs from "dayjs";
import "dayjs/locale/es";
import "dayjs/locale/ja";
import "dayjs/locale/zh-cn";
import type { Language } from "../settings";

export const DAYJS_LOCALES: Readonly<Record<Language, string>> = { zh: "zh-cn", en: "en", es: "es", ja: "ja" };

export function applyDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}
