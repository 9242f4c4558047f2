// Every key in every language (spec §1: zh, en, es, ja): the shell's, the screens', the override
// screens', the consumer scan pages' and the generated messages. Also: every shell and consumer
// scan key the code asks for exists, and every menu title is translated.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pageRoutes, menuTree } from "../src/generated/routes.gen";
import { messageSources, buildMessages } from "../src/i18n/messages";
import { flattenKeys } from "../src/i18n/merge-messages";
import { LANGUAGES } from "../src/settings";
import type { MenuRoute } from "../src/screen-kit/routing/route-types";

const SOURCES = ["shell", "screens", "overrides", "consumerScan", "generated"] as const;

function missingPerLanguage(source: (typeof SOURCES)[number]): Record<string, string[]> {
  const keys = Object.fromEntries(
    LANGUAGES.map((language) => [language, new Set(flattenKeys(messageSources[language][source]))]),
  );
  const all = new Set(LANGUAGES.flatMap((language) => [...keys[language]]));
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, [...all].filter((key) => !keys[language].has(key)).sort()]),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("i18n completeness", () => {
  it.each(SOURCES)("%s messages have every key in zh, en, es and ja", (source) => {
    const empty = Object.fromEntries(LANGUAGES.map((language) => [language, []]));
    expect(missingPerLanguage(source)).toEqual(empty);
  });

  it("has no empty text", () => {
    for (const language of LANGUAGES) {
      const tree = buildMessages(language);
      const empty = flattenKeys(tree).filter((key) => {
        const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
        return typeof value !== "string" || value.trim() === "";
      });
      expect(empty, language).toEqual([]);
    }
  });

  it("translates every menu and page title", () => {
    const titles: string[] = [];
    const visit = (node: MenuRoute) => {
      titles.push(node.meta.titleKey);
      node.children.forEach(visit);
    };
    visit(menuTree);
    titles.push(...pageRoutes.map((page) => page.meta.titleKey));
    for (const language of LANGUAGES) {
      const keys = new Set(flattenKeys(buildMessages(language)));
      expect(
        titles.filter((key) => !keys.has(key)),
        language,
      ).toEqual([]);
    }
  });

  it("has every shell key the code asks for", () => {
    const keys = new Set(flattenKeys(buildMessages("en")));
    const asked = new Set<string>();
    for (const file of sourceFiles(join(import.meta.dirname, "../src"))) {
      for (const match of readFileSync(file, "utf8").matchAll(/["'`]((?:shell|consumerScan)\.[A-Za-z0-9_.]+)["'`]/g))
        asked.add(match[1]);
    }
    expect(asked.size).toBeGreaterThan(50);
    // A plural key is asked for by its base name (i18next picks _one/_other by count).
    expect([...asked].filter((key) => !keys.has(key) && !keys.has(`${key}_other`))).toEqual([]);
  });
});
