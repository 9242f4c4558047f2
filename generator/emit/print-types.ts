// Lays out json-schema-to-typescript's unformatted output (format: false) as prettier (printWidth 120,
// trailingComma "all") would, so the contract types need no formatter at generation time.
// It reads only what that output is made of: doc comments, `export interface` and `export type`
// declarations, object types (always written open), unions, arrays, tuples with a rest element, index
// signatures, names and literals. Anything else is an error here rather than a silent misprint, and
// tests/generator/prettier-stable.test.ts compares every generated file with prettier's layout.
import { PRINT_WIDTH, printKey, printString, widthOf } from "./print-literal";

type TypeNode =
  | { readonly kind: "name"; readonly text: string }
  | { readonly kind: "union"; readonly types: readonly TypeNode[] }
  | { readonly kind: "array"; readonly element: TypeNode }
  | { readonly kind: "tuple"; readonly elements: readonly { readonly rest: boolean; readonly type: TypeNode }[] }
  | { readonly kind: "object"; readonly members: readonly Member[] };

interface Member {
  readonly blank: boolean;
  readonly doc?: string;
  /** The key as printed: a name, a quoted name, or an index signature. */
  readonly key: string;
  readonly optional: boolean;
  readonly type: TypeNode;
}

type Declaration =
  | {
      readonly kind: "interface";
      readonly blank: boolean;
      readonly doc?: string;
      readonly name: string;
      readonly members: readonly Member[];
    }
  | {
      readonly kind: "alias";
      readonly blank: boolean;
      readonly doc?: string;
      readonly name: string;
      readonly type: TypeNode;
    };

const TOKEN =
  /(\s*)(\/\*\*[\s\S]*?\*\/|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|[A-Za-z_$][\w$]*|\.\.\.|[{}[\]()|:;?,=<>])/y;

interface Token {
  readonly text: string;
  /** An empty line before it, which prettier keeps between declarations and between members. */
  readonly blankBefore: boolean;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`print-types: cannot read the types at ${JSON.stringify(text.slice(at, at + 40))}`);
    tokens.push({ text: match[2], blankBefore: tokens.length > 0 && (match[1].match(/\n/g)?.length ?? 0) > 1 });
  }
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): string | undefined {
    return this.tokens[this.at + offset]?.text;
  }
  private blank(): boolean {
    return this.tokens[this.at]?.blankBefore ?? false;
  }
  private take(expected?: string): string {
    const token = this.tokens[this.at++]?.text;
    if (token === undefined || (expected !== undefined && token !== expected))
      throw new Error(`print-types: expected ${expected ?? "a token"}, read ${token ?? "the end"}`);
    return token;
  }
  private doc(): string | undefined {
    return this.peek()?.startsWith("/**") ? this.take() : undefined;
  }

  declarations(): Declaration[] {
    const result: Declaration[] = [];
    while (this.peek() !== undefined) {
      const blank = this.blank();
      const doc = this.doc();
      this.take("export");
      const keyword = this.take();
      const name = this.take();
      if (keyword === "interface") result.push({ kind: "interface", blank, doc, name, members: this.members() });
      else if (keyword === "type") {
        this.take("=");
        result.push({ kind: "alias", blank, doc, name, type: this.type() });
      } else throw new Error(`print-types: unexpected declaration ${keyword}`);
      if (this.peek() === ";") this.take();
    }
    return result;
  }

  private members(): Member[] {
    this.take("{");
    const members: Member[] = [];
    while (this.peek() !== "}") {
      const blank = members.length > 0 && this.blank();
      const doc = this.doc();
      if (this.peek() === "}") break;
      let key: string;
      if (this.peek() === "[") {
        this.take("[");
        const name = this.take();
        this.take(":");
        key = `[${name}: ${this.take()}]`;
        this.take("]");
      } else {
        const raw = this.take();
        key =
          raw.startsWith('"') || raw.startsWith("'")
            ? printKey(JSON.parse(raw.startsWith("'") ? `"${raw.slice(1, -1)}"` : raw) as string)
            : raw;
      }
      const optional = this.peek() === "?";
      if (optional) this.take("?");
      this.take(":");
      members.push({ blank, doc, key, optional, type: this.type() });
      if (this.peek() === ";" || this.peek() === ",") this.take();
    }
    this.take("}");
    return members;
  }

  private type(): TypeNode {
    const types = [this.postfix()];
    while (this.peek() === "|") {
      this.take("|");
      types.push(this.postfix());
    }
    return types.length === 1 ? types[0] : { kind: "union", types };
  }

  private postfix(): TypeNode {
    let type = this.primary();
    while (this.peek() === "[" && this.peek(1) === "]") {
      this.take("[");
      this.take("]");
      type = { kind: "array", element: type };
    }
    return type;
  }

  private primary(): TypeNode {
    const token = this.peek();
    if (token === "(") {
      this.take("(");
      const inner = this.type();
      this.take(")");
      return inner;
    }
    if (token === "{") return { kind: "object", members: this.members() };
    if (token === "[") {
      this.take("[");
      const elements: { rest: boolean; type: TypeNode }[] = [];
      while (this.peek() !== "]") {
        const rest = this.peek() === "...";
        if (rest) this.take("...");
        elements.push({ rest, type: this.type() });
        if (this.peek() === ",") this.take(",");
      }
      this.take("]");
      return { kind: "tuple", elements };
    }
    const text = this.take();
    if (!/^("|'|-?\d|[A-Za-z_$])/.test(text)) throw new Error(`print-types: unexpected ${text} in a type`);
    return {
      kind: "name",
      text:
        text.startsWith("'") || text.startsWith('"')
          ? printString(JSON.parse(text.startsWith("'") ? `"${text.slice(1, -1)}"` : text) as string)
          : text,
    };
  }
}

const isObject = (type: TypeNode) => type.kind === "object";
/** prettier keeps `{ ... } | null` on the object's lines instead of breaking the union. */
const huggedUnion = (type: TypeNode) =>
  type.kind === "union" &&
  type.types.filter(isObject).length === 1 &&
  type.types.every((t) => isObject(t) || (t.kind === "name" && t.text === "null"));

/** One line, or undefined when the type holds an object type with members (always written open). */
function flat(type: TypeNode): string | undefined {
  switch (type.kind) {
    case "name":
      return type.text;
    case "object":
      return type.members.length === 0 ? "{}" : undefined;
    case "union": {
      const parts = type.types.map(flat);
      // unknown already holds every other member (json-schema-to-typescript writes an open index
      // signature as `unknown | undefined`).
      if (parts.includes("unknown")) return "unknown";
      return parts.every((p) => p !== undefined) ? parts.join(" | ") : undefined;
    }
    case "array": {
      const element = flat(type.element);
      return element === undefined ? undefined : type.element.kind === "union" ? `(${element})[]` : `${element}[]`;
    }
    case "tuple": {
      const parts = type.elements.map((e) => flat(e.type));
      return parts.every((p) => p !== undefined)
        ? `[${parts.map((p, i) => `${type.elements[i].rest ? "..." : ""}${p}`).join(", ")}]`
        : undefined;
    }
  }
}

function docLines(doc: string, indent: string): string {
  return `${doc
    .split("\n")
    .map((line, i) => (i === 0 ? `${indent}${line.trim()}` : `${indent} ${line.trim()}`))
    .join("\n")}\n`;
}

function membersOf(members: readonly Member[], indent: number): string {
  if (members.length === 0) return "{}";
  const inner = " ".repeat(indent + 2);
  const lines = members.map((member) => {
    const head = `${inner}${member.key}${member.optional ? "?" : ""}:`;
    return `${member.blank ? "\n" : ""}${member.doc ? docLines(member.doc, inner) : ""}${annotated(head, member.type, indent + 2, ";")}\n`;
  });
  return `{\n${lines.join("")}${" ".repeat(indent)}}`;
}

/**
 * `head` (ending in `:` or ` =`), then the type and `tail`: on one line while it fits; a union that
 * does not fit goes one member a line below the head, anything else breaks inside.
 */
function annotated(head: string, type: TypeNode, indent: number, tail: string): string {
  const one = flat(type);
  if (one !== undefined && widthOf(head) + 1 + widthOf(one) + tail.length <= PRINT_WIDTH)
    return `${head} ${one}${tail}`;
  if (type.kind === "union" && !huggedUnion(type)) {
    const inner = " ".repeat(indent + 2);
    // a member that breaks (an object) is indented past its "| ", as prettier aligns it
    return `${head}\n${type.types.map((t) => `${inner}| ${printed(t, indent + 4, inner.length + 2, 0)}`).join("\n")}${tail}`;
  }
  return `${head} ${printed(type, indent, widthOf(head) + 1, tail.length)}${tail}`;
}

/** A type at `indent`, starting `head` columns into its line and followed by `tail` columns. */
function printed(type: TypeNode, indent: number, head: number, tail: number): string {
  const one = flat(type);
  if (one !== undefined && head + widthOf(one) + tail <= PRINT_WIDTH) return one;
  switch (type.kind) {
    case "object":
      return membersOf(type.members, indent);
    case "union":
      if (huggedUnion(type)) return type.types.map((t) => printed(t, indent, head, 0)).join(" | ");
      break;
    case "array": {
      const element = printed(type.element, indent, head + (type.element.kind === "union" ? 1 : 0), 2);
      return type.element.kind === "union" ? `(${element})[]` : `${element}[]`;
    }
    case "tuple": {
      const inner = " ".repeat(indent + 2);
      const elements = type.elements.map(
        (e) => `${inner}${e.rest ? "..." : ""}${printed(e.type, indent + 2, inner.length + (e.rest ? 3 : 0), 1)},\n`,
      );
      return `[\n${elements.join("")}${" ".repeat(indent)}]`;
    }
  }
  if (one !== undefined) return one; // a name or literal longer than the line: prettier leaves it long
  throw new Error(`print-types: no layout for a ${type.kind} that does not fit on one line`);
}

/** json-schema-to-typescript's unformatted declarations, in prettier's layout. */
export function printTypes(unformatted: string): string {
  return new Parser(tokenize(unformatted))
    .declarations()
    .map((declaration) => {
      const doc = `${declaration.blank ? "\n" : ""}${declaration.doc ? docLines(declaration.doc, "") : ""}`;
      if (declaration.kind === "interface")
        return `${doc}export interface ${declaration.name} ${membersOf(declaration.members, 0)}\n`;
      return `${doc}${annotated(`export type ${declaration.name} =`, declaration.type, 0, ";")}\n`;
    })
    .join("");
}
