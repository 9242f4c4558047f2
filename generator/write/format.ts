// Formats generated code with prettier, so it reads like the rest of the project.
import { format } from "prettier";

const OPTIONS = { printWidth: 120, trailingComma: "all", singleQuote: false } as const;

/** JSON is written in its canonical two-space form; prettier would only take longer to say the same. */
export async function formatFile(path: string, content: string): Promise<string> {
  if (path.endsWith(".json")) return `${JSON.stringify(JSON.parse(content), null, 2)}\n`;
  return format(content, { ...OPTIONS, parser: "typescript", filepath: path });
}
