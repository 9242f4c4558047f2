import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { literal, printImport, printString, widthOf } from "./print-literal";

const HEAD = "export const x = ";
/** What prettier makes of the data as JSON.stringify writes it, the generator's old input to prettier. */
async function prettierOf(value: unknown): Promise<string> {
  const formatted = await format(`${HEAD}${JSON.stringify(value, null, 2)};\n`, {
    parser: "typescript",
    printWidth: 120,
    trailingComma: "all",
  });
  return formatted.slice(HEAD.length, -";\n".length);
}

const long = (n: number) => Array.from({ length: n }, (_, i) => `role_${i}`);

describe("literal lays data out as prettier does", () => {
  it.each([
    { given: "an empty object and array", value: { a: {}, b: [] } },
    { given: "a short array", value: { roles: ["a", "b"] } },
    { given: "an array just too long for its line", value: { meta: { roles: long(12) } } },
    { given: "an array whose line is 120 columns", value: { r: ["x".repeat(110)] } },
    { given: "an array whose line is 121 columns", value: { r: ["x".repeat(111)] } },
    { given: "an array of objects", value: [{ kind: "required" }, { kind: "maxLength", value: 64 }] },
    {
      given: "an array of arrays",
      value: {
        pairs: [
          ["a", "b"],
          ["c", "d"],
        ],
        single: [["a", "b"]],
        short: [["a"], ["b"]],
      },
    },
    { given: "keys that need quotes", value: { "x-ui": 1, "1": 2, "a b": 3, valid_key: 4, $dollar: 5, 中文: 6 } },
    {
      given: "quotes inside strings",
      value: { a: 'say "hi"', b: "it's", c: `both ' and "" `, d: "back\\slash\nnewline" },
    },
    { given: "a long string under a long key", value: { submitted: "x".repeat(115) } },
    { given: "a long string under a short key", value: { zh: "x".repeat(118) } },
    {
      given: "wide characters counting two columns",
      value: {
        labels: [
          "产品信息",
          "品牌设置",
          "包装单位",
          "仓库管理",
          "经销商管理",
          "原料信息",
          "委外客户",
          "维护企业",
          "组织机构",
          "部门职位",
          "人员管理",
        ],
      },
    },
    { given: "numbers, booleans and null", value: { n: [1, 2.5, -3], t: true, f: false, z: null, list: [null, true] } },
  ])("$given", async ({ value }) => {
    expect(literal(value, 0, HEAD.length)).toBe(await prettierOf(value));
  });
});

describe("the pieces", () => {
  it.each([
    { given: "ASCII", text: "abc", want: 3 },
    { given: "CJK", text: "产品", want: 4 },
    { given: "an accent", text: "añadir", want: 6 },
  ])("widthOf $given", ({ text, want }) => {
    expect(widthOf(text)).toBe(want);
  });

  it.each([
    { text: "plain", want: '"plain"' },
    { text: 'a "quote"', want: `'a "quote"'` },
    { text: `'one' "one"`, want: `"'one' \\"one\\""` },
  ])("printString($text)", ({ text, want }) => {
    expect(printString(text)).toBe(want);
  });

  it("printImport breaks only past the width", async () => {
    const few = printImport(["A", "B"], "x");
    const many = printImport(long(20), "@ant-design/icons");
    expect(few).toBe('import { A, B } from "x";');
    expect(many.split("\n")).toHaveLength(22);
    expect(`${many}\n`).toBe(await format(many, { parser: "typescript", printWidth: 120, trailingComma: "all" }));
  });
});
