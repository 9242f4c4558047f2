// Formats generated code with prettier, so it reads like the rest of the project.
import { format } from "prettier";

const OPTIONS = { printWidth: 120, trailingComma: "all", singleQuote: false } as const;

export async function formatFile(path: string, content: string): Promise<string> {
  const parser = path.endsWith(".json") ? "json" : "typescript";
  return format(content, { ...OPTIONS, parser, filepath: path });
}
