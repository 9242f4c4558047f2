// Formats generated code with prettier, so it reads like the rest of the project.
import { format } from "prettier";
import prettierPackage from "prettier/package.json" with { type: "json" };
import { hashOf, openFormatCache, type FormatCache } from "./format-cache";

const OPTIONS = { printWidth: 120, trailingComma: "all", singleQuote: false } as const;
/** Cached output is valid for one prettier version and one set of options. */
const CACHE_VERSION = `${prettierPackage.version} ${JSON.stringify(OPTIONS)}`;

/** JSON is written in its canonical two-space form; prettier would only take longer to say the same. */
export async function formatFile(path: string, content: string, cache?: FormatCache): Promise<string> {
  if (path.endsWith(".json")) return `${JSON.stringify(JSON.parse(content), null, 2)}\n`;
  if (path.endsWith(".md")) return content; // emitted in its final form (the manifest reference)
  const key = hashOf(`${path}\n${content}`);
  const cached = cache?.get(key);
  if (cached !== undefined) return cached;
  const formatted = await format(content, { ...OPTIONS, parser: "typescript", filepath: path });
  cache?.set(key, formatted);
  return formatted;
}

export function formatCacheAt(file: string | undefined): FormatCache {
  return openFormatCache(file, CACHE_VERSION);
}
