// How a message catalog area is declared: English first (it names the keys and their parameters),
// then the same keys in every other language, so a missing translation is a type error.
// Placeholders are i18next's: {{name}}.

export const MESSAGE_LANGUAGES = ["zh", "en", "es", "ja"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export type Texts<Key extends string> = Readonly<Record<Key, string>>;
export type AreaTexts<Key extends string> = Readonly<Record<MessageLanguage, Texts<Key>>>;

export function defineArea<const English extends Record<string, string>>(
  en: English,
  others: Readonly<Record<Exclude<MessageLanguage, "en">, Texts<Extract<keyof English, string>>>>,
): AreaTexts<Extract<keyof English, string>> {
  return { en, ...others };
}
