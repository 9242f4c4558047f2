// refine's I18nProvider over react-i18next; built inside the App so it changes with the language
// and refine's tree re-renders (refine-v5 notes §5).
import type { I18nProvider } from "@refinedev/core";
import type { TFunction, i18n as I18n } from "i18next";
import type { Language } from "../settings";

export function createI18nProvider(
  t: TFunction,
  i18n: I18n,
  changeLanguage: (language: Language) => Promise<void>,
): I18nProvider {
  return {
    translate: (key, options, defaultMessage) =>
      String(t(key, { defaultValue: defaultMessage ?? key, ...(typeof options === "object" ? options : {}) })),
    changeLocale: (locale) => changeLanguage(locale as Language),
    getLocale: () => i18n.language,
  };
}
