// One i18next instance for the shell, the screens and refine (through the i18n provider).
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, type Language } from "../settings";
import { getLanguageCookie, setLanguageCookie } from "../state/app-cookies";
import { applyDayjsLocale } from "./dayjs-locale";
import { detectLanguage } from "./detect-language";
import { buildMessages } from "./messages";
import { registerServerMessages } from "../api/server-messages";
import { serverMessageRenderer } from "./server-message-labels";

export const i18n = i18next.createInstance();

const initial = detectLanguage(getLanguageCookie(), typeof navigator === "undefined" ? [] : navigator.languages);

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: buildMessages(language) }])),
  lng: initial,
  fallbackLng: "en",
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyDayjsLocale(initial);
document.documentElement.lang = initial;
registerServerMessages(serverMessageRenderer(i18n));

// issue 16 item 1: a regenerated manifest's titles and labels arrive as a hot update of the
// generated messages, not as a reload that would lose the open tabs.
if (import.meta.hot) {
  import.meta.hot.accept("./messages", (next) => {
    if (!next) return;
    for (const language of LANGUAGES) i18n.addResourceBundle(language, "translation", next.buildMessages(language), true, true);
    void i18n.changeLanguage(i18n.language); // re-renders what is translated
  });
}

export const currentLanguage = (): Language => i18n.language as Language;

/** spec §9: switching keeps the page (no reload); the cookie remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  setLanguageCookie(language);
  applyDayjsLocale(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
