// Renders a message of the catalog: {{name}} placeholders from params (a parameter may itself be a
// message, or a list of messages joined by "; ", rendered in the same language), and "field: text"
// when the message is about one field (the server names the field; the console puts its label there).
import { MESSAGE_LANGUAGES, type MessageLanguage } from "./define";

export type ParamValue = string | number | MessageRef | readonly MessageRef[];
export type MessageParams = Readonly<Record<string, ParamValue>>;

/** A message as the envelope carries it: a stable key, its parameters, the field it is about. */
export interface MessageRef<Key extends string = string> {
  readonly key: Key;
  readonly params?: MessageParams;
  readonly field?: string;
}

export interface RenderOptions {
  /** The template of a key in the wanted language; undefined when the catalog lacks it. */
  readonly template: (key: string) => string | undefined;
  /** How a field is named before its message: a label in the console, the raw name for API users. */
  readonly fieldName?: (field: string) => string;
  /** How a parameter is shown, given its name (the console names a resource by its title). */
  readonly param?: (name: string, value: string) => string;
}

const isRef = (value: unknown): value is MessageRef =>
  typeof value === "object" && value !== null && typeof (value as MessageRef).key === "string";

export function renderMessage(ref: MessageRef, options: RenderOptions): string {
  const template = options.template(ref.key) ?? ref.key;
  const text = template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = ref.params?.[name];
    if (value === undefined) return whole;
    if (Array.isArray(value)) return value.map((item: MessageRef) => renderMessage(item, options)).join("; ");
    if (isRef(value)) return renderMessage(value, options);
    const text = typeof value === "string" ? value : JSON.stringify(value);
    return options.param ? options.param(name, text) : text;
  });
  return ref.field ? `${options.fieldName ? options.fieldName(ref.field) : ref.field}: ${text}` : text;
}

/** The placeholder names a template uses, for the completeness test. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]))].sort();
}

/**
 * The language of an Accept-Language header: the first listed (by q) that the catalog has, by its
 * primary subtag ("zh-CN" → zh); English when none is.
 */
export function languageOf(acceptLanguage: string | undefined): MessageLanguage {
  if (!acceptLanguage) return "en";
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...options] = part.trim().split(";");
      const q = options.map((o) => /^\s*q=([\d.]+)\s*$/.exec(o)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranked)
    if ((MESSAGE_LANGUAGES as readonly string[]).includes(primary)) return primary as MessageLanguage;
  return "en";
}
