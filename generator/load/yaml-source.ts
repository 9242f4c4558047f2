// Reads one YAML file and keeps what is needed to point at a JSON pointer's line and column.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import type { Problem } from "../problems";

export interface YamlSource {
  /** Path as shown in problems (relative to the working directory). */
  readonly file: string;
  readonly data: unknown;
  /** Line and column (1-based) of the value at `pointer`, or of its nearest existing ancestor. */
  locate(pointer: string, atKey?: boolean): { line: number; col: number };
}

function decode(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

const UNCLOSED_FLOW = /Flow (map|sequence) in block collection must be sufficiently indented and end with a [}\]]/;

/**
 * Where the `{` (or `[`) left open before `offset` starts, so the message points at the line the
 * `}` was dropped from rather than at the next line, where the parser noticed. Scans back line by
 * line for the last unbalanced opener outside quotes and comments.
 */
function unclosedBrace(text: string, offset: number): number | undefined {
  let lineStart = text.lastIndexOf("\n", Math.max(0, offset - 1));
  while (lineStart > 0) {
    const previousStart = text.lastIndexOf("\n", lineStart - 1) + 1;
    const line = text.slice(previousStart, lineStart);
    const open: number[] = [];
    let quote: string | undefined;
    for (let i = 0; i < line.length; i++) {
      const char = line[i]!;
      if (quote) {
        if (char === quote) quote = undefined;
      } else if (char === "'" || char === '"') quote = char;
      else if (char === "#" && (i === 0 || /\s/.test(line[i - 1]!))) break;
      else if (char === "{" || char === "[") open.push(i);
      else if ((char === "}" || char === "]") && open.length > 0) open.pop();
    }
    if (open.length > 0) return previousStart + open[0]!;
    if (line.trim() !== "" && !line.trim().startsWith("#")) return undefined;
    lineStart = previousStart - 1;
  }
  return undefined;
}

export function parseYaml(file: string, text: string): { source?: YamlSource; problems: Problem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const position = (offset: number) => lineCounter.linePos(offset);
  if (doc.errors.length > 0) {
    // The parser's first message is the mistake; the ones after it in the file are its echoes.
    return {
      problems: doc.errors.map((error, index) => {
        const unclosed = UNCLOSED_FLOW.test(error.message) ? unclosedBrace(text, error.pos[0]) : undefined;
        const { line, col } = unclosed ? position(unclosed) : position(error.pos[0]);
        const message = unclosed !== undefined ? "YAML: this { is never closed: add the missing }" : `YAML: ${error.message.split("\n")[0]}`;
        return { file, line, col, pointer: "", message, ...(index > 0 ? { followUp: true } : {}) };
      }),
    };
  }
  const locate = (pointer: string, atKey = false) => {
    const segments = pointer === "" ? [] : pointer.slice(1).split("/").map(decode);
    let node: Node | null | undefined = doc.contents as Node | null;
    let keyNode: Node | undefined;
    for (const segment of segments) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
        if (!pair) break;
        keyNode = pair.key as Node;
        node = pair.value as Node | null;
      } else if (isSeq(node)) {
        const item = node.items[Number(segment)] as Node | undefined;
        if (!item) break;
        keyNode = undefined;
        node = item;
      } else break;
    }
    const target = atKey && keyNode ? keyNode : (node ?? keyNode);
    const offset = target?.range?.[0] ?? 0;
    return position(offset);
  };
  return { source: { file, data: doc.toJS({ maxAliasCount: 100 }), locate }, problems: [] };
}
