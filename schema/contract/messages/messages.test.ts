// The server's messages exist in all four languages with the same placeholders,
// are rendered with their parameters, and the request's language is read from Accept-Language.
import { describe, expect, it } from "vitest";
import { languageOf, message, messageIn, MESSAGE_LANGUAGES, placeholdersOf, SERVER_MESSAGES } from "./index";

describe("the server's message catalog", () => {
  const keys = Object.keys(SERVER_MESSAGES.en);

  it.each(MESSAGE_LANGUAGES)("has every key, none empty, with English's placeholders, in %s", (language) => {
    const texts = SERVER_MESSAGES[language];
    expect(Object.keys(texts).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(texts[key].trim(), `${language} ${key}`).not.toBe("");
      expect(placeholdersOf(texts[key]), `${language} ${key}`).toEqual(placeholdersOf(SERVER_MESSAGES.en[key]));
    }
  });

  it("is translated: a language other than English differs from English in most messages", () => {
    for (const language of MESSAGE_LANGUAGES.filter((l) => l !== "en")) {
      const same = keys.filter(
        (key) =>
          SERVER_MESSAGES[language][key] === SERVER_MESSAGES.en[key] && !/^\{\{\w+\}\}$/.test(SERVER_MESSAGES.en[key]),
      );
      expect(same, language).toEqual([]);
    }
  });
});

describe("rendering", () => {
  it("fills placeholders and names the field first", () => {
    const refused = message("common.rule.maxLength", { limit: 20 }, "warehouse_name");
    expect(messageIn("en", refused)).toBe("warehouse_name: must have at most 20 characters");
    expect(messageIn("zh", refused, { fieldName: () => "仓库名称" })).toBe("仓库名称: 最多 20 个字符");
  });

  it("renders a message given as a parameter, and a list of them, in the same language", () => {
    const nested = message("common.ruleOwnedBecause", {
      resource: "trace codes",
      through: "activate",
      why: message("common.rule.maxItems", { limit: 2 }),
    });
    expect(messageIn("ja", nested)).toBe(
      "trace codes は activate によってのみ変更されます（2 件以内で指定してください）",
    );
    const listed = message("common.rule.cannotChangeBecause", {
      why: [message("common.rule.required"), message("common.rule.uniqueItems")],
    });
    expect(messageIn("es", listed)).toBe("no se puede cambiar: es obligatorio; no debe repetir elementos");
  });

  it("names a parameter through the caller's hook (the console shows a resource by its title)", () => {
    const missing = message("common.recordMissing", { resource: "warehouses", id: "3" });
    expect(messageIn("zh", missing, { param: (name, value) => (name === "resource" ? "仓库" : value) })).toBe(
      "仓库 3 不存在",
    );
  });
});

describe("Accept-Language", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["zh-CN,zh;q=0.9,en;q=0.8", "zh"],
    ["fr-FR, es;q=0.8, en;q=0.5", "es"],
    ["en;q=0.2, ja;q=0.9", "ja"],
    ["fr, de", "en"],
    ["zh;q=0, ja", "ja"],
  ])("%s → %s", (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});
