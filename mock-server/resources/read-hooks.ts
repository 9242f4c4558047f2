// What some resources add to the generic reads (list, detail, export): values the server words for
// whoever reads them. A message the server stored (its catalog key and parameters, as its refusals
// carry them) is read in the reader's language — the request's Accept-Language, an export's lang —
// never in the language of the request that wrote it.
import { isMessageKey, messageIn, type MessageLanguage, type MessageParams } from "../../schema/contract/messages";
import type { Row } from "./row-codec";

export interface ReadHook {
  /** Changes rows as the API gives them (labels attached) for a reader of `language`; never writes. */
  present(rows: readonly Row[], language: MessageLanguage): void;
}

export class ReadHooks {
  private readonly hooks = new Map<string, ReadHook[]>();

  add(resource: string, hook: ReadHook): void {
    this.hooks.set(resource, [...(this.hooks.get(resource) ?? []), hook]);
  }

  /** `rows` of `resource` as a reader of `language` sees them (the same array, changed in place). */
  present<T extends readonly Row[]>(resource: string, rows: T, language: MessageLanguage): T {
    for (const hook of this.hooks.get(resource) ?? []) hook.present(rows, language);
    return rows;
  }
}

/** Stored parameters: null for none, undefined for text that is no parameter object. */
function storedParams(value: unknown): MessageParams | null | undefined {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value !== "string") return undefined;
  try {
    const params: unknown = JSON.parse(value);
    return params !== null && typeof params === "object" && !Array.isArray(params)
      ? (params as MessageParams)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `<field>` worded from `<field>_key` and `<field>_params` (JSON) when they hold a message of the
 * catalog; a row without one (typed in, or older) keeps its stored text.
 */
export function storedMessage(field: string): ReadHook {
  const keyColumn = `${field}_key`;
  const paramsColumn = `${field}_params`;
  return {
    present(rows, language) {
      for (const row of rows) {
        const key = row[keyColumn];
        const params = storedParams(row[paramsColumn]);
        if (!isMessageKey(key) || params === undefined) continue;
        row[field] = messageIn(language, params ? { key, params } : { key });
      }
    },
  };
}
