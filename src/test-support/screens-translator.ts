// Test helper: an i18next instance holding only the screens strings, mounted as the shell mounts them.
import i18next from "i18next";
import en from "../locales/en/screens";
import es from "../locales/es/screens";
import ja from "../locales/ja/screens";
import zh from "../locales/zh/screens";
import type { Translate } from "../screen-kit/fields/translate";

export const SCREEN_LOCALES = { zh, en, es, ja } as const;

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
