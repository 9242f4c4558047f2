// Prettier is most of the generator's time. Its output depends only on its input, so formatted text is
// cached by a hash of the unformatted text (node_modules/.cache): a rerun or a watch-mode change formats
// only the files whose content changed. Only entries used in the last run are kept, so it cannot grow.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export interface FormatCache {
  get(key: string): string | undefined;
  set(key: string, formatted: string): void;
  save(): void;
}

export const hashOf = (text: string): string => createHash("sha256").update(text).digest("base64url");

export function openFormatCache(file: string | undefined, version: string): FormatCache {
  let stored: Record<string, string> = {};
  if (file && existsSync(file)) {
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8")) as { version?: string; entries?: Record<string, string> };
      if (parsed.version === version) stored = parsed.entries ?? {};
    } catch {
      stored = {}; // a damaged cache is only a slower run
    }
  }
  const used: Record<string, string> = {};
  return {
    get(key) {
      const hit = stored[key];
      if (hit !== undefined) used[key] = hit;
      return hit;
    },
    set(key, formatted) {
      used[key] = formatted;
    },
    save() {
      if (!file) return;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ version, entries: used }));
    },
  };
}
