// src/generated/i18n/<language>.gen.ts: every title and label of the manifest, one module per
// language, so the console loads only the language it shows (issue 14).
import type { Language, Model, Translated } from "../model/model";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";
import { literal } from "./print-literal";

type Messages = { [key: string]: string | Messages };

function put(target: Messages, key: string, value: string): void {
  const parts = key.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Messages;
  node[parts.at(-1)!] = value;
}

export function collectTexts(model: Model): [string, Translated][] {
  const texts: [string, Translated][] = [];
  for (const menu of model.menus) texts.push([menu.titleKey, menu.title]);
  for (const button of model.buttons) texts.push([button.titleKey, button.title]);
  for (const e of model.enums) for (const v of e.values) texts.push([v.labelKey, v.label]);
  for (const resource of model.resources) {
    texts.push([resource.titleKey, resource.title]);
    for (const field of resource.fields) texts.push([field.labelKey, field.label]);
    for (const action of resource.actions) {
      texts.push([action.titleKey, action.title]);
      if (action.confirmKey && action.confirm) texts.push([action.confirmKey, action.confirm]);
      for (const option of action.upload?.options ?? []) texts.push([option.labelKey, option.label]);
    }
  }
  return texts;
}

export function emitI18n(model: Model): GeneratedFile[] {
  const messages = Object.fromEntries(model.languages.map((lang) => [lang, {} as Messages])) as Record<Language, Messages>;
  const seen = new Set<string>();
  for (const [key, text] of collectTexts(model)) {
    if (seen.has(key)) continue;
    seen.add(key);
    for (const lang of model.languages) put(messages[lang], key, text[lang]);
  }
  return model.languages.map((lang) => ({
    path: `${SRC_OUT}/i18n/${lang}.gen.ts`,
    content: `${banner(model.manifestFile)}
/** Menu titles, resource and field labels, enum values and button titles in ${lang}. */
export const generatedMessages = ${literal(messages[lang])} as const;
`,
  }));
}
