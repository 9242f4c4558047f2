// The override screens' strings (src/locales/*/overrides.ts): every key in zh, en, es and ja, no
// empty text, and every overrides.* key the screens ask for exists (tests/i18n-completeness.test.ts
// does the same for the shell's keys).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildMessages, loadMessageSources, type MessageSources } from "../i18n/messages";
import { flattenKeys, type MessageTree } from "../i18n/merge-messages";
import { LANGUAGES, type Language } from "../settings";
import { valueText } from "../utils/value-text";

const messageSources = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, await loadMessageSources(language)] as const)),
) as Record<Language, MessageSources>;
const messagesOf = (language: Language) => buildMessages(messageSources[language]);

const valueAt = (tree: MessageTree, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("override screens' messages", () => {
  const english = flattenKeys(messageSources.en.overrides);

  it.each(LANGUAGES)("%s has exactly the English keys, none empty", (language) => {
    expect(flattenKeys(messageSources[language].overrides)).toEqual(english);
    const merged = messagesOf(language);
    expect(english.filter((key) => valueText(valueAt(merged, key)).trim() === "")).toEqual([]);
  });

  it("has every overrides.* key the screens ask for", () => {
    const asked = new Set<string>();
    for (const file of sourceFiles(import.meta.dirname))
      for (const match of readFileSync(file, "utf8").matchAll(/["'`](overrides\.[A-Za-z0-9_.]+)["'`]/g))
        asked.add(match[1]);
    expect(asked.size).toBeGreaterThan(20);
    expect([...asked].filter((key) => !english.includes(key))).toEqual([]);
  });
});
