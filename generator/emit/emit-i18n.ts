// src/generated/i18n/<language>.gen.ts: every title and label of the manifest, one module per
// language, so the console loads only the language it shows; the few the public pages
// show before sign-in are in <language>-public.gen.ts instead, so /login and /m/q load only those.
import type { Language, Model, Translated } from "../model/model";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";
import { lookupTexts } from "./emit-lookups";
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
  for (const menu of model.menus) {
    texts.push([menu.titleKey, menu.title]);
    if (menu.shortTitle) texts.push([menu.shortTitle.key, menu.shortTitle.text]);
  }
  for (const button of model.buttons) texts.push([button.titleKey, button.title]);
  for (const menu of model.menus) if (menu.screen?.lookup) texts.push(...lookupTexts(menu.screen.lookup));
  for (const e of model.enums) for (const v of e.values) texts.push([v.labelKey, v.label]);
  for (const resource of model.resources) {
    texts.push([resource.titleKey, resource.title]);
    for (const field of resource.fields) {
      texts.push([field.labelKey, field.label]);
      for (const row of field.rows?.fields ?? []) texts.push([row.labelKey, row.label]);
    }
    for (const action of resource.actions) {
      texts.push([action.titleKey, action.title]);
      if (action.confirmKey && action.confirm) texts.push([action.confirmKey, action.confirm]);
      for (const option of action.upload?.options ?? []) texts.push([option.labelKey, option.label]);
    }
  }
  return texts;
}

/**
 * The generated messages the public pages need: the login's account types (the enum account_type,
 * to which the server narrows the login call) and the shared field labels, which a refusal of a
 * public call may name (src/i18n/server-message-labels.ts).
 */
export const PUBLIC_MESSAGE_KEYS: readonly string[] = ["enum.account_type", "field"];

export const isPublicMessageKey = (key: string): boolean =>
  PUBLIC_MESSAGE_KEYS.some((prefix) => key === prefix || key.startsWith(`${prefix}.`));

export function emitI18n(model: Model): GeneratedFile[] {
  const empty = () => Object.fromEntries(model.languages.map((lang) => [lang, {}])) as Record<Language, Messages>;
  const messages = empty();
  const publicMessages = empty();
  const seen = new Set<string>();
  for (const [key, text] of collectTexts(model)) {
    if (seen.has(key)) continue;
    seen.add(key);
    const target = isPublicMessageKey(key) ? publicMessages : messages;
    for (const lang of model.languages) put(target[lang], key, text[lang]);
  }
  return model.languages.flatMap((lang) => [
    {
      path: `${SRC_OUT}/i18n/${lang}.gen.ts`,
      content: `${banner(model.manifestFile)}
/** Menu titles, resource and field labels, enum values and button titles in ${lang}, but the public ones (${lang}-public.gen.ts). */
export const generatedMessages = ${literal(messages[lang])} as const;
`,
    },
    {
      path: `${SRC_OUT}/i18n/${lang}-public.gen.ts`,
      content: `${banner(model.manifestFile)}
/** The generated messages the public pages show before sign-in, in ${lang}: ${PUBLIC_MESSAGE_KEYS.join(", ")}. */
export const publicGeneratedMessages = ${literal(publicMessages[lang])} as const;
`,
    },
  ]);
}
