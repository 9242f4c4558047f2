// One i18next instance for the shell, the screens and refine (through the i18n provider). Only the
// language shown is loaded (issue 14): its messages and antd's locale, each their own chunk, before
// the first render (no flash of keys) and before a switch to another language; dayjs's locale too
// once the signed-in console, which shows dates, has asked for it (enableDayjsLocale).
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { MessageLanguage } from "../../schema/contract/messages";
import { registerServerMessages } from "../api/server-messages";
import { LANGUAGES, type Language } from "../settings";
import { getLanguageCookie, setLanguageCookie } from "../state/app-cookies";
import { loadAntdLocale } from "./antd-locale";
import { applyDayjsLocale, loadDayjsLocale } from "./dayjs-locale";
import { detectLanguage } from "./detect-language";
import { changesShownMessages } from "./merge-messages";
import { loadMessages } from "./messages";
import { holdUpdate } from "../state/held-updates";

export const i18n = i18next.createInstance();

/** The server's message catalog (every language) is loaded with the first refusal that names a key. */
let serverMessageLabels: Promise<typeof import("./server-message-labels")> | undefined;
registerServerMessages({
  language: () => i18n.language as MessageLanguage,
  render: async (ref, resource) => {
    serverMessageLabels ??= import("./server-message-labels");
    return (await serverMessageLabels).serverMessageRenderer(i18n).render(ref, resource);
  },
});

/** Set by the console: dayjs follows the language from then on. */
let dayjsFollows = false;

/** The language's messages in i18next, and antd's and (in the console) dayjs's locales, all loaded. */
async function loadLanguage(language: Language): Promise<void> {
  const [messages] = await Promise.all([
    i18n.hasResourceBundle(language, "translation") ? undefined : loadMessages(language),
    loadAntdLocale(language),
    dayjsFollows ? loadDayjsLocale(language) : undefined,
  ]);
  if (messages) i18n.addResourceBundle(language, "translation", messages);
}

/** The language last asked for: a slower load of an earlier choice does not win over it. */
let wanted: Language | undefined;

async function showLanguage(language: Language): Promise<void> {
  wanted = language;
  await loadLanguage(language);
  if (wanted !== language) return;
  if (dayjsFollows) await applyDayjsLocale(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

/** Before the first render: the language from the cookie, else the browser (spec §9), loaded. */
export async function startI18n(): Promise<void> {
  const initial = detectLanguage(getLanguageCookie(), typeof navigator === "undefined" ? [] : navigator.languages);
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  await showLanguage(initial);
}

// issue 16 item 1: a regenerated manifest's titles and labels arrive as a hot update of the
// generated messages (each language's module), not as a reload that would lose the open tabs. The
// languages loaded so far are loaded again from the updated modules; the update is held and shown
// with the new screens and roles (state/held-updates.ts).
if (import.meta.hot) {
  import.meta.hot.accept("./messages", (next) => {
    if (!next) return;
    const loaded = LANGUAGES.filter((language) => i18n.hasResourceBundle(language, "translation"));
    const fresh = Promise.all(loaded.map((language) => next.loadMessages(language)));
    holdUpdate(
      "messages",
      fresh.then((bundles) => () => {
        // Messages only added show with what renders them (the new screen and its menu entry);
        // a changed text re-renders everything translated.
        const changed = loaded.some((language, at) => changesShownMessages(i18n.getResourceBundle(language, "translation"), bundles[at]));
        loaded.forEach((language, at) => i18n.addResourceBundle(language, "translation", bundles[at], true, true));
        if (changed) void i18n.changeLanguage(i18n.language);
      }),
    );
  });
}

/**
 * The signed-in console renders after this: dayjs speaks the language shown, and follows every
 * switch (the login and the public pages show no dates, so they load without dayjs, issue 14).
 */
export async function enableDayjsLocale(): Promise<void> {
  dayjsFollows = true;
  await applyDayjsLocale(wanted ?? currentLanguage());
}

export const currentLanguage = (): Language => i18n.language as Language;

/** spec §9: switching keeps the page (no reload); the cookie remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  setLanguageCookie(language);
  await showLanguage(language);
}
