// Test helper: an i18next instance holding only the screens strings (the console's and the public
// pages' share), mounted as the shell mounts them.
import i18next from "i18next";
import { mergeMessages } from "../i18n/merge-messages";
import en from "../locales/en/screens";
import enPublic from "../locales/en/public-screens";
import es from "../locales/es/screens";
import esPublic from "../locales/es/public-screens";
import ja from "../locales/ja/screens";
import jaPublic from "../locales/ja/public-screens";
import zh from "../locales/zh/screens";
import zhPublic from "../locales/zh/public-screens";
import type { Translate } from "../screen-kit/fields/translate";

export const SCREEN_LOCALES = {
  zh: mergeMessages(zh, zhPublic),
  en: mergeMessages(en, enPublic),
  es: mergeMessages(es, esPublic),
  ja: mergeMessages(ja, jaPublic),
} as const;

export async function screensTranslator(lng: keyof typeof SCREEN_LOCALES): Promise<Translate> {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    Object.entries(SCREEN_LOCALES).map(([lang, screens]) => [
      lang,
      { translation: { ...screens, field: { name: "名称" } } },
    ]),
  );
  await instance.init({ lng, resources, interpolation: { escapeValue: false } });
  return (key, options) => instance.t(key, options);
}
