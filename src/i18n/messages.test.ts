// issue 14: each language is loaded on its own, and the loader of a language brings that language.
import { describe, expect, it } from "vitest";
import { generatedMessages as en } from "../generated/i18n/en.gen";
import { generatedMessages as es } from "../generated/i18n/es.gen";
import { generatedMessages as ja } from "../generated/i18n/ja.gen";
import { generatedMessages as zh } from "../generated/i18n/zh.gen";
import { LANGUAGES } from "../settings";
import { loadMessages } from "./messages";

const GENERATED = { zh, en, es, ja };

describe("loadMessages", () => {
  it.each(LANGUAGES)("%s: the generated messages and the shell's of that language", async (language) => {
    const messages = await loadMessages(language);
    expect(messages.menu).toEqual(GENERATED[language].menu);
    expect(messages.enum).toEqual(GENERATED[language].enum);
  });

  it("gives each language its own words", async () => {
    const titles = await Promise.all(
      LANGUAGES.map(async (language) => ((await loadMessages(language)).shell as { login: { title: string } }).login.title),
    );
    expect(new Set(titles).size).toBe(LANGUAGES.length);
  });
});
