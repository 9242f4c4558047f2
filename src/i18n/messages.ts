// The i18next resources of one language: generated messages (menus, resources, enums, buttons), the
// shell's, the screens', the override screens', the public consumer scan pages' and refine's own
// (notifications, buttons, pages). Each language is its own chunk, loaded when it is shown (issue 14).
import type { Language } from "../settings";
import { mergeMessages, type MessageTree } from "./merge-messages";

export interface MessageSources {
  readonly generated: unknown;
  readonly shell: unknown;
  readonly screens: unknown;
  readonly overrides: unknown;
  readonly consumerScan: unknown;
  readonly refine: unknown;
}

const SOURCES: Readonly<Record<Language, () => Promise<{ messages: MessageSources }>>> = {
  zh: () => import("../locales/zh/messages"),
  en: () => import("../locales/en/messages"),
  es: () => import("../locales/es/messages"),
  ja: () => import("../locales/ja/messages"),
};

export async function loadMessageSources(language: Language): Promise<MessageSources> {
  return (await SOURCES[language]()).messages;
}

export function buildMessages(sources: MessageSources): MessageTree {
  const { generated, shell, screens, overrides, consumerScan, refine } = sources;
  return mergeMessages(refine, generated, screens, overrides, consumerScan, shell);
}

export async function loadMessages(language: Language): Promise<MessageTree> {
  return buildMessages(await loadMessageSources(language));
}
