// Each language is loaded on its own, in parts (what every page shows, the consumer scan
// pages', the console's), and the loader of a language brings that language.
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { generatedMessages as en } from "../generated/i18n/en.gen";
import { publicGeneratedMessages as enPublic } from "../generated/i18n/en-public.gen";
import { generatedMessages as es } from "../generated/i18n/es.gen";
import { publicGeneratedMessages as esPublic } from "../generated/i18n/es-public.gen";
import { generatedMessages as ja } from "../generated/i18n/ja.gen";
import { publicGeneratedMessages as jaPublic } from "../generated/i18n/ja-public.gen";
import { generatedMessages as zh } from "../generated/i18n/zh.gen";
import { publicGeneratedMessages as zhPublic } from "../generated/i18n/zh-public.gen";
import { LANGUAGES, type Language } from "../settings";
import { flattenKeys, mergeMessages } from "./merge-messages";
import {
  addMessages,
  buildMessages,
  loadMessagePart,
  loadMessages,
  loadMessageSources,
  type MessagePart,
} from "./messages";

const GENERATED = {
  zh: mergeMessages(zh, zhPublic),
  en: mergeMessages(en, enPublic),
  es: mergeMessages(es, esPublic),
  ja: mergeMessages(ja, jaPublic),
};

describe("loadMessages", () => {
  it.each(LANGUAGES)("%s: the generated messages and the shell's of that language", async (language) => {
    const messages = await loadMessages(language);
    expect(messages.menu).toEqual(GENERATED[language].menu);
    expect(messages.enum).toEqual(GENERATED[language].enum);
  });

  it("gives each language its own words", async () => {
    const titles = await Promise.all(
      LANGUAGES.map(
        async (language) => ((await loadMessages(language)).shell as { login: { title: string } }).login.title,
      ),
    );
    expect(new Set(titles).size).toBe(LANGUAGES.length);
  });
});

const PARTS: readonly MessagePart[] = ["public", "consumerScan", "console"];

describe("the parts: the public pages', the consumer scan pages', the console's", () => {
  /** What i18next holds of the language once the parts are added, in `order`, as i18n.ts adds them. */
  async function held(language: Language, order: readonly MessagePart[]) {
    const instance = i18next.createInstance();
    await instance.init({ resources: {} });
    for (const part of order) addMessages(instance, language, await loadMessagePart(language, part));
    return instance.getResourceBundle(language, "translation") as unknown;
  }

  it.each(LANGUAGES)("%s: all, in any order, hold what buildMessages makes of every source", async (language) => {
    const whole = buildMessages(await loadMessageSources(language));
    expect(await held(language, PARTS)).toEqual(whole);
    expect(await held(language, [...PARTS].reverse())).toEqual(whole);
    expect(await held(language, ["console", "public", "consumerScan"])).toEqual(whole);
  });

  it.each(LANGUAGES)(
    "%s: no two share a key (the console part leaves out what the public pages show)",
    async (language) => {
      const keys = await Promise.all(PARTS.map(async (part) => flattenKeys(await loadMessagePart(language, part))));
      const all = keys.flat();
      expect(all.filter((key, at) => all.indexOf(key) !== at)).toEqual([]);
    },
  );

  it.each(LANGUAGES)("%s: the public part is the shell's and a few more", async (language) => {
    const publicPart = await loadMessagePart(language, "public");
    expect(Object.keys(publicPart).sort()).toEqual(["enum", "field", "screens", "shell"]);
    expect(Object.keys((publicPart.enum ?? {}) as object)).toEqual(["account_type"]);
    expect(Object.keys(await loadMessagePart(language, "consumerScan"))).toEqual(["consumerScan"]);
    expect(Object.keys((await loadMessagePart(language, "console")).menu ?? {})).toEqual(
      Object.keys(GENERATED[language].menu),
    );
  });
});
