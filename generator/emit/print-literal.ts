// Plain data as a TypeScript expression, laid out exactly as prettier (printWidth 120, trailingComma
// "all") lays out what JSON.stringify(value, null, 2) wrote: the generator emits formatted code and
// runs no formatter, which would take most of a cold run; tests/generator/prettier-stable.test.ts keeps the two in step.

export const PRINT_WIDTH = 120;

// eslint-disable-next-line no-control-regex -- the ASCII range starts at U+0000 on purpose
const ASCII = /^[\x00-\x7f]*$/;
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/gu;

/** Columns a text takes, as prettier counts them: East Asian wide characters take two. */
export function widthOf(text: string): number {
  if (ASCII.test(text)) return text.length;
  return text.length + (text.match(WIDE)?.length ?? 0) - (text.match(/[\u{10000}-\u{10ffff}]/gu)?.length ?? 0);
}

/** A string literal: double quotes unless the text holds more double than single quotes (prettier's choice). */
export function printString(text: string): string {
  const json = JSON.stringify(text);
  if (!text.includes('"')) return json;
  const doubles = text.split('"').length - 1;
  const singles = text.split("'").length - 1;
  if (doubles <= singles) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** Keys repeat (name, labelKey, …) and the Unicode test is not free. */
const printedKeys = new Map<string, string>();

/** A property key, unquoted where it may be (quoteProps "as-needed"; numeric keys stay quoted in TypeScript). */
export function printKey(key: string): string {
  let printed = printedKeys.get(key);
  if (printed === undefined) printedKeys.set(key, (printed = IDENTIFIER.test(key) ? key : printString(key)));
  return printed;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const entriesOf = (value: Record<string, unknown>) => Object.entries(value).filter(([, v]) => v !== undefined);

/** One line, or undefined when prettier would break it whatever the width (an object written open). */
function flat(value: unknown): string | undefined {
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") return JSON.stringify(value);
  if (typeof value === "string") return printString(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    // prettier breaks an array of several arrays or objects that each have more than one element
    if (value.length > 1 && value.every((v) => Array.isArray(v) && v.length > 1)) return undefined;
    const parts = value.map((v) => flat(v === undefined ? null : v));
    return parts.every((p) => p !== undefined) ? `[${parts.join(", ")}]` : undefined;
  }
  if (isObject(value)) return entriesOf(value).length === 0 ? "{}" : undefined;
  throw new Error(`not plain data: a ${typeof value}`);
}

/**
 * `value` (plain data) printed at `indent` spaces, starting `head` columns into its line and followed by `tail`
 * columns (the `,` or `;` after it) before the line can end.
 */
export function literal(value: unknown, indent = 0, head = indent, tail = 1): string {
  const out: string[] = [];
  write(value, indent, head, tail, out);
  return out.join("");
}

/** literal() into one buffer: joining each level's text again at every level above made deep data slow. */
function write(value: unknown, indent: number, head: number, tail: number, out: string[]): void {
  const one = flat(value);
  if (one !== undefined && (!Array.isArray(value) || head + widthOf(one) + tail <= PRINT_WIDTH)) {
    out.push(one);
    return;
  }
  const inner = " ".repeat(indent + 2);
  if (Array.isArray(value)) {
    out.push("[\n");
    for (const v of value) {
      out.push(inner);
      write(v === undefined ? null : v, indent + 2, indent + 2, 1, out);
      out.push(",\n");
    }
    out.push(" ".repeat(indent), "]");
    return;
  }
  out.push("{\n");
  for (const [key, v] of entriesOf(value as Record<string, unknown>)) {
    const printedKey = printKey(key);
    const start = inner.length + widthOf(printedKey) + 2;
    // prettier moves a string that does not fit to the next line, unless the key is shorter than 5 columns
    if (typeof v === "string" && start - inner.length - 2 >= 5) {
      const text = printString(v);
      out.push(inner, printedKey, start + widthOf(text) + 1 > PRINT_WIDTH ? `:\n${inner}  ` : ": ", text, ",\n");
      continue;
    }
    out.push(inner, printedKey, ": ");
    write(v, indent + 2, start, 1, out);
    out.push(",\n");
  }
  out.push(" ".repeat(indent), "}");
}

/** `import { a, b } from "x";` on one line while it fits, else one name a line (`import type` with `type: true`). */
export function printImport(names: readonly string[], from: string, type = false): string {
  const keyword = type ? "import type" : "import";
  const oneLine = `${keyword} {${names.length > 0 ? ` ${names.join(", ")} ` : ""}} from ${printString(from)};`;
  if (widthOf(oneLine) <= PRINT_WIDTH) return oneLine;
  return `${keyword} {\n${names.map((name) => `  ${name},\n`).join("")}} from ${printString(from)};`;
}
