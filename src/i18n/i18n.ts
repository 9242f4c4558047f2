// One i18next instance for the shell, the screens and refine (through the i18n provider). Only the
// language shown is loaded, so a page's first paint carries one language: the public part of its messages (the shell's, what the login
// and the error pages show) and antd's locale, each their own chunk, before the first render (no
// flash of keys) and before a switch to another language; the consumer scan pages' part once those
// pages have asked for it (enableConsumerScanLanguage), the console part and dayjs's locale once
// the signed-in console has (enableConsoleLanguage).
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
import { addMessages, loadMessagePart, type MessagePart } from "./messages";
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

/** The parts of the messages the pages shown so far need; each follows the language from then on. */
const shownParts = new Set<MessagePart>(["public"]);
/** dayjs follows the language once the console, the only page with dates, has asked for its part. */
const dayjsFollows = () => shownParts.has("console");

/** The parts of each language's messages i18next holds. */
const loadedParts = new Set<`${Language}:${MessagePart}`>();

async function loadMessages(language: Language, part: MessagePart): Promise<void> {
  if (loadedParts.has(`${language}:${part}`)) return;
  addMessages(i18n, language, await loadMessagePart(language, part));
  loadedParts.add(`${language}:${part}`);
}

/** The language's messages in i18next (every part shown), and antd's and (in the console) dayjs's locales, all loaded. */
async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([
    ...[...shownParts].map((part) => loadMessages(language, part)),
    loadAntdLocale(language),
    dayjsFollows() ? loadDayjsLocale(language) : undefined,
  ]);
}

/** The language last asked for: a slower load of an earlier choice does not win over it. */
let wanted: Language | undefined;

async function showLanguage(language: Language): Promise<void> {
  wanted = language;
  await loadLanguage(language);
  if (wanted !== language) return;
  if (dayjsFollows()) await applyDayjsLocale(language);
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

// Development: a regenerated manifest's titles and labels arrive as a hot update of the
// generated messages (each language's modules), not as a reload that would lose the open tabs. The
// parts loaded so far are loaded again from the updated modules; the update is held and shown with
// the new screens and roles (state/held-updates.ts).
if (import.meta.hot) {
  import.meta.hot.accept("./messages", (module) => {
    const next = module as typeof import("./messages") | undefined;
    if (!next) return;
    const loaded = [...loadedParts].map((key) => key.split(":") as [Language, MessagePart]);
    const fresh = Promise.all(loaded.map(([language, part]) => next.loadMessagePart(language, part)));
    holdUpdate(
      "messages",
      fresh.then((bundles) => () => {
        // Messages only added show with what renders them (the new screen and its menu entry);
        // a changed text re-renders everything translated.
        const changed = loaded.some(([language], at) =>
          changesShownMessages(i18n.getResourceBundle(language, "translation"), bundles[at]),
        );
        loaded.forEach(([language], at) => next.addMessages(i18n, language, bundles[at]));
        if (changed) void i18n.changeLanguage(i18n.language);
      }),
    );
  });
}

/**
 * The signed-in console renders after this: the console part of the messages of the language shown
 * is loaded and dayjs speaks it, and both follow every switch (a switch shows the new language once
 * both parts are loaded). The login and the public pages load without either.
 */
export async function enableConsoleLanguage(): Promise<void> {
  shownParts.add("console");
  const language = wanted ?? currentLanguage();
  await Promise.all([loadMessages(language, "console"), applyDayjsLocale(language)]);
}

/** The consumer scan pages render after this: their part of the messages is loaded, and follows every switch. */
export async function enableConsumerScanLanguage(): Promise<void> {
  shownParts.add("consumerScan");
  await loadMessages(wanted ?? currentLanguage(), "consumerScan");
}

export const currentLanguage = (): Language => i18n.language as Language;

/** spec §9: switching keeps the page (no reload); the cookie remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  setLanguageCookie(language);
  await showLanguage(language);
}
