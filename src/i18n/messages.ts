// The i18next resources of one language: generated messages (menus, resources, enums, buttons), the
// shell's, the screens', the override screens', the public consumer scan pages' and refine's own
// (notifications, buttons, pages). Each language comes in three chunks, each loaded before the first
// paint of what shows it: the public part (the shell's and the few other messages the login, the
// set-password and the error pages show), the consumer scan pages' part, and the console part (the
// rest), loaded with the signed-in console.
import type { i18n as I18n } from "i18next";
import type { Language } from "../settings";
import { mergeMessages, type MessageTree } from "./merge-messages";
import type { ConsoleMessageSources, MessageSources, PublicMessageSources } from "./message-sources";

export type { MessageSources } from "./message-sources";

export type MessagePart = "public" | "consumerScan" | "console";

type Loaders<T> = Readonly<Record<Language, () => Promise<T>>>;

const PUBLIC_SOURCES: Loaders<{ messages: PublicMessageSources }> = {
  zh: () => import("../locales/zh/public-messages"),
  en: () => import("../locales/en/public-messages"),
  es: () => import("../locales/es/public-messages"),
  ja: () => import("../locales/ja/public-messages"),
};

const CONSUMER_SCAN_SOURCES: Loaders<{ default: MessageTree }> = {
  zh: () => import("../locales/zh/consumer-scan"),
  en: () => import("../locales/en/consumer-scan"),
  es: () => import("../locales/es/consumer-scan"),
  ja: () => import("../locales/ja/consumer-scan"),
};

const CONSOLE_SOURCES: Loaders<{ messages: ConsoleMessageSources }> = {
  zh: () => import("../locales/zh/console-messages"),
  en: () => import("../locales/en/console-messages"),
  es: () => import("../locales/es/console-messages"),
  ja: () => import("../locales/ja/console-messages"),
};

/** Every part's sources, each source whole again (the tests read a language's messages source by source). */
export async function loadMessageSources(language: Language): Promise<MessageSources> {
  const [publicPart, consumerScan, consolePart] = await Promise.all([
    PUBLIC_SOURCES[language]().then((module) => module.messages),
    CONSUMER_SCAN_SOURCES[language]().then((module) => module.default),
    CONSOLE_SOURCES[language]().then((module) => module.messages),
  ]);
  return {
    generated: mergeMessages(consolePart.generated, publicPart.generated),
    shell: publicPart.shell,
    screens: mergeMessages(consolePart.screens, publicPart.screens),
    overrides: consolePart.overrides,
    consumerScan,
    refine: consolePart.refine,
  };
}

/** A later source wins a clash: the shell over everything, refine's own under everything. */
export function buildMessages(sources: MessageSources): MessageTree {
  const { generated, shell, screens, overrides, consumerScan, refine } = sources;
  return mergeMessages(refine, generated, screens, overrides, consumerScan, shell);
}

/** One part of the language's messages, its sources in buildMessages' order. */
export async function loadMessagePart(language: Language, part: MessagePart): Promise<MessageTree> {
  if (part === "public") {
    const { generated, screens, shell } = (await PUBLIC_SOURCES[language]()).messages;
    return mergeMessages(generated, screens, shell);
  }
  if (part === "consumerScan") return (await CONSUMER_SCAN_SOURCES[language]()).default;
  const { refine, generated, screens, overrides } = (await CONSOLE_SOURCES[language]()).messages;
  return mergeMessages(refine, generated, screens, overrides);
}

/**
 * Adds a part to what `i18n` holds of the language. The parts share no key (messages.test), so
 * they hold what buildMessages makes of every source whichever order they come in.
 */
export function addMessages(i18n: I18n, language: Language, messages: MessageTree): void {
  i18n.addResourceBundle(language, "translation", messages, true, true);
}

/** Every message of the language, in one tree (tests, and the dev server's hot updates). */
export async function loadMessages(language: Language): Promise<MessageTree> {
  return buildMessages(await loadMessageSources(language));
}
