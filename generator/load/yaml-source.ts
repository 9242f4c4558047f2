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

export function parseYaml(file: string, text: string): { source?: YamlSource; problems: Problem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const position = (offset: number) => lineCounter.linePos(offset);
  if (doc.errors.length > 0) {
    return {
      problems: doc.errors.map((error) => {
        const { line, col } = position(error.pos[0]);
        return { file, line, col, pointer: "", message: `YAML: ${error.message.split("\n")[0]}` };
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
