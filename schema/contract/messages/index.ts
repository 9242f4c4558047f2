// The server's message catalog: every refusal the server gives has a stable key
// and parameters beside its `message`. The server renders `message` in the request's
// Accept-Language; the console renders the key in its own language, with the field's label.
// One area per file; a key is "<area>.<name>".
import { common } from "./common";
import { codes } from "./codes";
import { logistics } from "./logistics";
import { org } from "./org";
import { epcis } from "./epcis";
import { epcisCapture } from "./epcis-capture";
import { epcisSubscription } from "./epcis-subscriptions";
import { epcisPartners } from "./epcis-partners";
import { MESSAGE_LANGUAGES, type AreaTexts, type MessageLanguage } from "./define";
import { renderMessage, type MessageParams, type MessageRef, type RenderOptions } from "./format";

export { MESSAGE_LANGUAGES, type MessageLanguage } from "./define";
export {
  languageOf,
  placeholdersOf,
  renderMessage,
  type MessageParams,
  type MessageRef,
  type ParamValue,
} from "./format";

export const MESSAGE_AREAS = {
  common,
  org,
  codes,
  logistics,
  epcis,
  epcisCapture,
  epcisSubscription,
  epcisPartners,
} as const;

type KeysOf<Area> = Area extends AreaTexts<infer Key> ? Key : never;
export type MessageKey = {
  [Name in keyof typeof MESSAGE_AREAS]: `${Name & string}.${KeysOf<(typeof MESSAGE_AREAS)[Name]>}`;
}[keyof typeof MESSAGE_AREAS];

/** A message of this catalog. */
export interface Message extends MessageRef<MessageKey> {
  readonly params?: MessageParams;
}

function flatten(language: MessageLanguage): Readonly<Record<string, string>> {
  const flat: Record<string, string> = {};
  for (const [area, texts] of Object.entries(MESSAGE_AREAS))
    for (const [name, text] of Object.entries(texts[language] as Record<string, string>))
      flat[`${area}.${name}`] = text;
  return flat;
}

/** Every language's messages by full key. */
export const SERVER_MESSAGES: Readonly<Record<MessageLanguage, Readonly<Record<string, string>>>> = Object.fromEntries(
  MESSAGE_LANGUAGES.map((language) => [language, flatten(language)]),
) as Record<MessageLanguage, Record<string, string>>;

export const isMessageKey = (key: unknown): key is MessageKey => typeof key === "string" && key in SERVER_MESSAGES.en;

/** A message of the catalog, typed: `message("common.notFound")`. */
export const message = (key: MessageKey, params?: MessageParams, field?: string): Message => ({
  key,
  ...(params ? { params } : {}),
  ...(field ? { field } : {}),
});

/** The message in `language` (English for a key the catalog lacks), fields named as the server names them. */
export function messageIn(
  language: MessageLanguage,
  ref: MessageRef,
  options: Omit<RenderOptions, "template"> = {},
): string {
  return renderMessage(ref, {
    ...options,
    template: (key) => SERVER_MESSAGES[language][key] ?? SERVER_MESSAGES.en[key],
  });
}
