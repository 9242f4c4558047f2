import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { printTypes } from "./print-types";

const union = (n: number) => Array.from({ length: n }, (_, i) => `"value_number_${i}"`).join(" | ");

// Written as json-schema-to-typescript writes with format: false (no indentation, no semicolons, parenthesised unions).
const CASES = [
  {
    given: "an interface with doc comments and optional members",
    raw: 'export interface A {\n/**\n * The name\n *\n * @minItems 1\n */\nname: string\ncount?: (number | null)\n"x-ui"?: string\n}\n',
  },
  { given: "an empty interface", raw: "export interface Empty {\n}\n" },
  { given: "a union too long for its member", raw: `export interface B {\nrule?: (${union(8)})\n}\n` },
  { given: "a union too long for its alias", raw: `export type Kind = (${union(8)})\n` },
  {
    given: "an object or null",
    raw: "export interface C {\nowner: ({\nid: number\nname: (string | null)\n} | null)\n}\n",
  },
  { given: "an array of objects or null", raw: "export interface D {\nregions: (({\ncode: string\n} | null))[]\n}\n" },
  {
    given: "a union that breaks, with an array of objects among its members",
    raw: "export interface I {\ndefault?: (string | number | boolean | {\n[k: string]: (string | number | boolean)\n}[])\n}\n",
  },
  { given: "an array of a union", raw: 'export interface E {\nviews?: ("list" | "show")[]\n}\n' },
  {
    given: "a tuple with a rest element",
    raw: "export interface F {\nlanguages: [Language, ...(Language)[]]\nvalues: [(string | number), ...((string | number))[]]\n}\n",
  },
  {
    given: "a tuple of objects",
    raw: "export interface G {\nmeasures: [{\nname: string\n}, ...({\nname: string\n})[]]\n}\n",
  },
  { given: "index signatures", raw: "export interface H {\n[k: string]: {\n[k: string]: Translated\n}\n}\n" },
  {
    given: "an alias of an array of objects",
    raw: "export type Rows = {\nid: number\n}[]\nexport type Nothing = null\n",
  },
  {
    given: "blank lines between declarations and members",
    raw: "export type A = string\n\n/**\n * Doc\n */\nexport interface B {\na: string\n\nb: string\n}\n",
  },
];

describe("printTypes lays json-schema-to-typescript's output out as prettier does", () => {
  it.each(CASES)("$given", async ({ raw }) => {
    const want = await format(raw, { parser: "typescript", printWidth: 120, trailingComma: "all" });
    expect(printTypes(raw)).toBe(want);
  });

  it("refuses what it cannot read instead of misprinting it", () => {
    expect(() => printTypes("export type F = (a: string) => void\n")).toThrow(/print-types/);
  });
});
