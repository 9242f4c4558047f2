// The i18next resources: generated messages (menus, resources, enums, buttons), the shell's, the screens',
// the override screens', the public consumer scan pages' and refine's own (notifications, buttons, pages).
import { generatedMessages } from "../generated/i18n.gen";
import enConsumerScan from "../locales/en/consumer-scan";
import enOverrides from "../locales/en/overrides";
import enRefine from "../locales/en/refine";
import enScreens from "../locales/en/screens";
import enShell from "../locales/en/shell";
import esConsumerScan from "../locales/es/consumer-scan";
import esOverrides from "../locales/es/overrides";
import esRefine from "../locales/es/refine";
import esScreens from "../locales/es/screens";
import esShell from "../locales/es/shell";
import jaConsumerScan from "../locales/ja/consumer-scan";
import jaOverrides from "../locales/ja/overrides";
import jaRefine from "../locales/ja/refine";
import jaScreens from "../locales/ja/screens";
import jaShell from "../locales/ja/shell";
import zhConsumerScan from "../locales/zh/consumer-scan";
import zhOverrides from "../locales/zh/overrides";
import zhRefine from "../locales/zh/refine";
import zhScreens from "../locales/zh/screens";
import zhShell from "../locales/zh/shell";
import type { Language } from "../settings";
import { mergeMessages, type MessageTree } from "./merge-messages";

export const messageSources: Readonly<
  Record<
    Language,
    { generated: unknown; shell: unknown; screens: unknown; overrides: unknown; consumerScan: unknown; refine: unknown }
  >
> = {
  zh: {
    generated: generatedMessages.zh,
    shell: zhShell,
    screens: zhScreens,
    overrides: zhOverrides,
    consumerScan: zhConsumerScan,
    refine: zhRefine,
  },
  en: {
    generated: generatedMessages.en,
    shell: enShell,
    screens: enScreens,
    overrides: enOverrides,
    consumerScan: enConsumerScan,
    refine: enRefine,
  },
  es: {
    generated: generatedMessages.es,
    shell: esShell,
    screens: esScreens,
    overrides: esOverrides,
    consumerScan: esConsumerScan,
    refine: esRefine,
  },
  ja: {
    generated: generatedMessages.ja,
    shell: jaShell,
    screens: jaScreens,
    overrides: jaOverrides,
    consumerScan: jaConsumerScan,
    refine: jaRefine,
  },
};

export function buildMessages(language: Language): MessageTree {
  const { generated, shell, screens, overrides, consumerScan, refine } = messageSources[language];
  return mergeMessages(refine, generated, screens, overrides, consumerScan, shell);
}
