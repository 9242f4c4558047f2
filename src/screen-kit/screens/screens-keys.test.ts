// Every screens.* key the screens and fields ask for exists in zh, en, es and ja.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FieldRule } from "../../../schema/contract/screen-config";
import { ruleMessage } from "../fields/form-rules";
import { SCREEN_LOCALES } from "../../test-support/screens-translator";

const lookup = (tree: unknown, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

function askedKeys(): string[] {
  const keys = new Set<string>();
  for (const dir of [import.meta.dirname, join(import.meta.dirname, "../fields")]) {
    for (const name of readdirSync(dir).filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))) {
      for (const match of readFileSync(join(dir, name), "utf8").matchAll(/["'`](screens\.[A-Za-z0-9_.]+)["'`]/g))
        keys.add(match[1]);
    }
  }
  return [...keys].sort();
}

const RULES: FieldRule[] = [
  { kind: "required" },
  { kind: "minLength", value: 1 },
  { kind: "maxLength", value: 1 },
  { kind: "minimum", value: 1 },
  { kind: "maximum", value: 1 },
  { kind: "pattern", pattern: "x" },
  { kind: "integer" },
  { kind: "inputRule" },
  ...(["email", "uri", "phone", "date", "date-time", "color"] as const).map((format) => ({
    kind: "format" as const,
    format,
  })),
];

describe("screens keys", () => {
  const asked = askedKeys();
  const ruleKeys = RULES.map((rule) => ruleMessage(rule, "", (key) => key));

  it("finds the keys the code asks for", () => {
    expect(asked.length).toBeGreaterThan(30);
  });

  it.each(Object.keys(SCREEN_LOCALES) as (keyof typeof SCREEN_LOCALES)[])("%s has every key", (lang) => {
    // A key asked with a count is found under its plural forms (i18next: key_one, key_other).
    const found = (key: string) =>
      typeof lookup(SCREEN_LOCALES[lang], key) === "string" ||
      typeof lookup(SCREEN_LOCALES[lang], `${key}_other`) === "string";
    const missing = [...asked, ...ruleKeys].filter((key) => !found(key));
    expect(missing).toEqual([]);
  });
});
