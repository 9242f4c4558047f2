// Watch mode's memory of the files it has parsed: a save changes one
// file, and reading YAML is most of a regeneration's time, so an unchanged file's parse is reused.
// Keyed by path, checked by the file's whole text: any change parses again.
import { parseYaml, type Parsed } from "./yaml-source";

export interface ParseCache {
  parse(file: string, text: string): Parsed;
}

/** Parses every call: a one-shot run keeps nothing. */
export const NO_PARSE_CACHE: ParseCache = { parse: parseYaml };

export function createParseCache(): ParseCache {
  const parsed = new Map<string, { text: string; result: Parsed }>();
  return {
    parse(file, text) {
      const kept = parsed.get(file);
      if (kept?.text === text) return kept.result;
      const result = parseYaml(file, text);
      parsed.set(file, { text, result });
      return result;
    },
  };
}
