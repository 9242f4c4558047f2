// issue 16 item 3: one mistake, one message. A dropped `}` makes the YAML parser report three to
// five errors around the next line; the analyst sees one, at the line the `}` was dropped from.
import { describe, expect, it } from "vitest";
import { shownProblems } from "../problems";
import { parseYaml } from "./yaml-source";

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
      { file: "schema/resources/items.yaml", line: 7, col: 11, pointer: "", message: "YAML: this { is never closed: add the missing }" },
    ]);
    expect(shownProblems(problems, true)).toHaveLength(problems.length);
  });

  it("a dropped } of a flow map on the title line points at that line", () => {
    const { problems } = parseYaml("items.yaml", RESOURCE.replace("ja: 品目}", "ja: 品目"));
    expect(shownProblems(problems)).toMatchObject([{ line: 2, col: 8, message: "YAML: this { is never closed: add the missing }" }]);
  });

  it("other mistakes keep the parser's own message", () => {
    const { problems } = parseYaml("items.yaml", RESOURCE.replace("  colour:", "  item_code:"));
    expect(shownProblems(problems)).toMatchObject([{ line: 9, message: expect.stringMatching(/^YAML: Map keys must be unique/) }]);
  });

  it("a valid file has no problems", () => {
    expect(parseYaml("items.yaml", RESOURCE).problems).toEqual([]);
  });
});
