// Reads one YAML file and keeps what is needed to point at a JSON pointer's line and column.
//
// Why two parsers: the `yaml` package builds a node tree with positions, which is most of a cold run's
// reading time and memory, while positions are only wanted when a problem is reported. So a file
// is read fast (js-yaml, YAML 1.2 core schema: the same values as `yaml`'s), and the `yaml` parse,
// the reference, is made only when asked for (`exact()`, `locate()`). Files using the constructs
// where the two parsers' values are known to part (anchors, tags, complex or null keys) and files
// js-yaml refuses are read by the reference at once, and a run that finds a problem compares the
// two (generator/index.ts), so what an analyst is told never depends on the fast reading.
import { CORE_SCHEMA, load } from "js-yaml";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import type { Problem } from "../problems";

export interface YamlSource {
  /** Path as shown in problems (relative to the working directory). */
  readonly file: string;
  readonly data: unknown;
  /** Line and column (1-based) of the value at `pointer`, or of its nearest existing ancestor. */
  locate(pointer: string, atKey?: boolean): { line: number; col: number };
  /** The file as the reference parser reads it (made once, on first call). */
  exact(): Parsed;
}

export type Parsed = { source?: YamlSource; problems: Problem[] };

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
      const char = line[i];
      if (quote) {
        if (char === quote) quote = undefined;
      } else if (char === "'" || char === '"') quote = char;
      else if (char === "#" && (i === 0 || /\s/.test(line[i - 1]))) break;
      else if (char === "{" || char === "[") open.push(i);
      else if ((char === "}" || char === "]") && open.length > 0) open.pop();
    }
    if (open.length > 0) return previousStart + open[0];
    if (line.trim() !== "" && !line.trim().startsWith("#")) return undefined;
    lineStart = previousStart - 1;
  }
  return undefined;
}

/**
 * Where js-yaml and `yaml` may read different values from text both accept: anchors and aliases,
 * tags, directives, explicit (`?`) or empty (`:`) keys, collections or nulls as keys, `__proto__`,
 * tabs, numbers beyond a double's range. Conservative: such a character inside a string also sends
 * the file to the reference.
 */
const NOT_PLAIN =
  /[!&*%\t~]|<<|__proto__|(?:^|[\s{,[])(?:null|Null|NULL) *:|^[ -]*[?:]|[[{,] *[?:]|[\]}] *:|\d{16}|\d[eE][-+]?\d{3}/m;

export function parseYaml(file: string, text: string): Parsed {
  if (NOT_PLAIN.test(text)) return parseYamlExactly(file, text);
  let data: unknown;
  try {
    data = load(text, { schema: CORE_SCHEMA });
  } catch {
    return parseYamlExactly(file, text); // the reference says what is wrong, as it always has
  }
  let exact: Parsed | undefined;
  const exactly = (): Parsed => (exact ??= parseYamlExactly(file, text));
  const source: YamlSource = {
    file,
    data,
    // Without the reference's tree (it refused the file) the run reports the reference's problems instead.
    locate: (pointer, atKey) => exactly().source?.locate(pointer, atKey) ?? { line: 1, col: 1 },
    exact: exactly,
  };
  return { source, problems: [] };
}

/** The reference reading: the `yaml` package's tree with positions. */
export function parseYamlExactly(file: string, text: string): Parsed {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const position = (offset: number) => lineCounter.linePos(offset);
  if (doc.errors.length > 0) {
    // The parser's first message is the mistake; the ones after it in the file are its echoes.
    return {
      problems: doc.errors.map((error, index) => {
        const unclosed = UNCLOSED_FLOW.test(error.message) ? unclosedBrace(text, error.pos[0]) : undefined;
        const { line, col } = unclosed ? position(unclosed) : position(error.pos[0]);
        const message =
          unclosed !== undefined
            ? "YAML: this { is never closed: add the missing }"
            : `YAML: ${error.message.split("\n")[0]}`;
        return { file, line, col, pointer: "", message, ...(index > 0 ? { followUp: true } : {}) };
      }),
    };
  }
  const locate = (pointer: string, atKey = false) => {
    const segments = pointer === "" ? [] : pointer.slice(1).split("/").map(decode);
    let node: Node | null | undefined = doc.contents;
    let keyNode: Node | undefined;
    for (const segment of segments) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment,
        );
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
  const parsed: Parsed = { problems: [] };
  parsed.source = { file, data: doc.toJS({ maxAliasCount: 100 }), locate, exact: () => parsed };
  return parsed;
}
