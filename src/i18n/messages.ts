// The i18next resources: generated messages (menus, resources, enums, buttons), the shell's, the screens',
// the override screens' and the public consumer scan pages'.
import { generatedMessages } from "../generated/i18n.gen";
import enConsumerScan from "../locales/en/consumer-scan";
import enOverrides from "../locales/en/overrides";
import enScreens from "../locales/en/screens";
import enShell from "../locales/en/shell";
import esConsumerScan from "../locales/es/consumer-scan";
import esOverrides from "../locales/es/overrides";
import esScreens from "../locales/es/screens";
import esShell from "../locales/es/shell";
import jaConsumerScan from "../locales/ja/consumer-scan";
import jaOverrides from "../locales/ja/overrides";
import jaScreens from "../locales/ja/screens";
import jaShell from "../locales/ja/shell";
import zhConsumerScan from "../locales/zh/consumer-scan";
import zhOverrides from "../locales/zh/overrides";
import zhScreens from "../locales/zh/screens";
import zhShell from "../locales/zh/shell";
import type { Language } from "../settings";
import { mergeMessages, type MessageTree } from "./merge-messages";

export const messageSources: Readonly<
  Record<Language, { generated: unknown; shell: unknown; screens: unknown; overrides: unknown; consumerScan: unknown }>
> = {
  zh: {
    generated: generatedMessages.zh,
    shell: zhShell,
    screens: zhScreens,
    overrides: zhOverrides,
    consumerScan: zhConsumerScan,
  },
  en: {
    generated: generatedMessages.en,
    shell: enShell,
    screens: enScreens,
    overrides: enOverrides,
    consumerScan: enConsumerScan,
  },
  es: {
    generated: generatedMessages.es,
    shell: esShell,
    screens: esScreens,
    overrides: esOverrides,
    consumerScan: esConsumerScan,
  },
  ja: {
    generated: generatedMessages.ja,
    shell: jaShell,
    screens: jaScreens,
    overrides: jaOverrides,
    consumerScan: jaConsumerScan,
  },
};

export function buildMessages(language: Language): MessageTree {
  const { generated, shell, screens, overrides, consumerScan } = messageSources[language];
  return mergeMessages(generated, screens, overrides, consumerScan, shell);
}
