// antd's own strings follow the interface language. Each locale is its own chunk, loaded with its
// language before the language is shown, so the ConfigProvider reads it synchronously.
import type { Locale } from "antd/es/locale";
import type { Language } from "../settings";

const LOADERS: Readonly<Record<Language, () => Promise<{ default: Locale }>>> = {
  zh: () => import("antd/es/locale/zh_CN"),
  en: () => import("antd/es/locale/en_US"),
  es: () => import("antd/es/locale/es_ES"),
  ja: () => import("antd/es/locale/ja_JP"),
};

const loaded = new Map<Language, Locale>();

export async function loadAntdLocale(language: Language): Promise<void> {
  if (!loaded.has(language)) loaded.set(language, (await LOADERS[language]()).default);
}

/** The language's antd locale once loadAntdLocale has loaded it; antd speaks English until then. */
export const antdLocale = (language: Language): Locale | undefined => loaded.get(language);
