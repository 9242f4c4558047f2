// One mistake, one message. A dropped `}` makes the YAML parser report three to
// five errors around the next line; the analyst sees one, at the line the `}` was dropped from.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shownProblems } from "../problems";
import { parseYaml, parseYamlExactly } from "./yaml-source";

const RESOURCE = [
  "name: items", // 1
  "title: {zh: 物品, en: Items, es: Artículos, ja: 品目}", // 2
  "api: /api/base/items", // 3
  "fields:", // 4
  "  item_code:", // 5
  "    type: string", // 6
  "    x-ui: {label: {zh: 编码, en: Code, es: Código, ja: コード}, filter: contains}", // 7
  "    x-unique: true", // 8
  "  colour:", // 9
  "    type: string", // 10
  "", // 11
].join("\n");

describe("YAML mistakes", () => {
  it("a dropped } gives one message, at the { it leaves open; the parser's echoes are follow-ups", () => {
    const broken = RESOURCE.replace("filter: contains}", "filter: contains");
    const { problems } = parseYaml("schema/resources/items.yaml", broken);
    expect(problems.length).toBeGreaterThan(1); // what the parser says
    const shown = shownProblems(problems);
    expect(shown).toEqual([
      {
        file: "schema/resources/items.yaml",
        line: 7,
        col: 11,
        pointer: "",
        message: "YAML: this { is never closed: add the missing }",
      },
    ]);
    expect(shownProblems(problems, true)).toHaveLength(problems.length);
  });

  it("a dropped } of a flow map on the title line points at that line", () => {
    const { problems } = parseYaml("items.yaml", RESOURCE.replace("ja: 品目}", "ja: 品目"));
    expect(shownProblems(problems)).toMatchObject([
      { line: 2, col: 8, message: "YAML: this { is never closed: add the missing }" },
    ]);
  });

  it("other mistakes keep the parser's own message", () => {
    const { problems } = parseYaml("items.yaml", RESOURCE.replace("  colour:", "  item_code:"));
    expect(shownProblems(problems)).toMatchObject([
      { line: 9, message: expect.stringMatching(/^YAML: Map keys must be unique/) },
    ]);
  });

  it("a valid file has no problems", () => {
    expect(parseYaml("items.yaml", RESOURCE).problems).toEqual([]);
  });
});

// Files are read fast (js-yaml) and the reference parser (`yaml`) is asked only when a problem needs it.
describe("the fast reading", () => {
  const ROOT = join(import.meta.dirname, "..", "..");
  const yamlFiles = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".yaml"))
      .sort()
      .map((name) => join(dir, name));

  it("reads the same values, keys in the same order, as the reference from every YAML file of the project", () => {
    const files = [...yamlFiles("schema"), ...yamlFiles("tests/fixtures/generator")];
    expect(files.length).toBeGreaterThan(80);
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), "utf8");
      const fast = parseYaml(file, text);
      const exact = parseYamlExactly(file, text);
      expect(fast.problems, file).toEqual(exact.problems);
      expect(JSON.stringify(fast.source?.data), file).toBe(JSON.stringify(exact.source?.data));
    }
  });

  it("takes its positions from the reference, parsed when first asked for", () => {
    const { source } = parseYaml("items.yaml", RESOURCE);
    expect(source!.exact().source).not.toBe(source);
    expect(source!.locate("/fields/colour/type")).toEqual({ line: 10, col: 11 });
    expect(source!.locate("/fields/item_code/x-unique", true)).toEqual({ line: 8, col: 5 });
    expect(source!.exact()).toBe(source!.exact());
  });

  it.each([
    ["an anchor and alias", "a: &x {b: 1}\nc: *x\n"],
    ["a tag", "a: !!str 1\n"],
    ["an empty key", "a:\n  : 1\n"],
    ["a null key", "null: 1\n"],
    ["a ~ key", "~: 1\n"],
    ["a flow pair with an empty key", "a: [b, : c]\n"],
    ["a merge key", "a: {b: 1}\n<<: {c: 2}\n"],
    ["a number beyond a double", "a: 1e400\n"],
  ])("reads a file with %s with the reference at once (the readers part there)", (_, text) => {
    const { source } = parseYaml("x.yaml", text);
    expect(source!.exact().source).toBe(source);
    expect(source!.data).toEqual(parseYamlExactly("x.yaml", text).source!.data);
  });

  it("a file js-yaml refuses gets the reference's problems", () => {
    const broken = RESOURCE.replace("filter: contains}", "filter: contains");
    expect(parseYaml("items.yaml", broken)).toEqual(parseYamlExactly("items.yaml", broken));
  });
});
