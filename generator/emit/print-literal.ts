// Plain data as a TypeScript expression, laid out exactly as prettier (printWidth 120, trailingComma
// "all") lays out what JSON.stringify(value, null, 2) wrote: the generator emits formatted code and
// runs no formatter (issue 14 §4); tests/generator/prettier-stable.test.ts keeps the two in step.

export const PRINT_WIDTH = 120;

const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/gu;

/** Columns a text takes, as prettier counts them: East Asian wide characters take two. */
export function widthOf(text: string): number {
  return text.length + (text.match(WIDE)?.length ?? 0) - (text.match(/[\u{10000}-\u{10ffff}]/gu)?.length ?? 0);
}

/** A string literal: double quotes unless the text holds more double than single quotes (prettier's choice). */
export function printString(text: string): string {
  const json = JSON.stringify(text);
  const doubles = text.split('"').length - 1;
  const singles = text.split("'").length - 1;
  if (doubles <= singles) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** A property key, unquoted where it may be (quoteProps "as-needed"; numeric keys stay quoted in TypeScript). */
export function printKey(key: string): string {
  return IDENTIFIER.test(key) ? key : printString(key);
}

type Plain = null | boolean | number | string | readonly Plain[] | { readonly [key: string]: Plain | undefined };

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
  throw new Error(`not plain data: ${String(value)}`);
}

/**
 * `value` printed at `indent` spaces, starting `head` columns into its line and followed by `tail`
 * columns (the `,` or `;` after it) before the line can end.
 */
export function literal(value: Plain | unknown, indent = 0, head = indent, tail = 1): string {
  const one = flat(value);
  if (one !== undefined && (!Array.isArray(value) || head + widthOf(one) + tail <= PRINT_WIDTH)) return one;
  const inner = " ".repeat(indent + 2);
  if (Array.isArray(value)) {
    const items = value.map((v) => `${inner}${literal(v === undefined ? null : v, indent + 2)},\n`);
    return `[\n${items.join("")}${" ".repeat(indent)}]`;
  }
  const items = entriesOf(value as Record<string, unknown>).map(([key, v]) => {
    const start = `${inner}${printKey(key)}: `;
    // prettier moves a string that does not fit to the next line, unless the key is shorter than 5 columns
    const printed = literal(v, indent + 2, widthOf(start));
    if (typeof v === "string" && widthOf(printKey(key)) >= 5 && widthOf(start) + widthOf(printed) + 1 > PRINT_WIDTH)
      return `${inner}${printKey(key)}:\n${inner}  ${printed},\n`;
    return `${start}${printed},\n`;
  });
  return `{\n${items.join("")}${" ".repeat(indent)}}`;
}

/** `import { a, b } from "x";` on one line while it fits, else one name a line (`import type` with `type: true`). */
export function printImport(names: readonly string[], from: string, type = false): string {
  const keyword = type ? "import type" : "import";
  const oneLine = `${keyword} {${names.length > 0 ? ` ${names.join(", ")} ` : ""}} from ${printString(from)};`;
  if (widthOf(oneLine) <= PRINT_WIDTH) return oneLine;
  return `${keyword} {\n${names.map((name) => `  ${name},\n`).join("")}} from ${printString(from)};`;
}
