// The manifest reference is made from the JSON Schema, so every key must carry a
// description and an example there, every example must be valid for its own key, and the annotated
// example resource must go through the generator as an analyst would add it.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { build } from "../../generator/index";
import { manifestReference, referenceKeys } from "../../generator/emit/emit-manifest-reference";
import manifestSchema from "../../schema/manifest.schema.json" with { type: "json" };
import { PROJECT_ROOT } from "./fixtures";

const schema = manifestSchema as unknown as Record<string, unknown>;

describe("the manifest reference (schema/manifest-reference.md)", () => {
  const keys = referenceKeys(schema);

  it("lists every key of the manifest and of a resource file, each with a description and an example", () => {
    expect(keys.length).toBeGreaterThan(90);
    const undocumented = keys.filter((key) => !key.description?.trim()).map((key) => key.path);
    const withoutExample = keys.filter((key) => key.example === undefined).map((key) => key.path);
    expect(undocumented).toEqual([]);
    expect(withoutExample).toEqual([]);
    for (const path of [
      "resource.seed.rows",
      "resource.labelField",
      "resource.required",
      "fieldUi.filter",
      "field.format",
      "field.minimum",
    ])
      expect(keys.map((key) => key.path)).toContain(path);
  });

  it("gives only examples that the key's own schema accepts", () => {
    const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addSchema(schema);
    const wrong = keys.flatMap((key) => {
      const validate = ajv.getSchema(`${String(schema.$id)}#${key.pointer}`);
      if (!validate) return [`${key.path}: no schema at ${key.pointer}`];
      return validate(key.example)
        ? []
        : [`${key.path}: ${JSON.stringify(key.example)} ${ajv.errorsText(validate.errors)}`];
    });
    expect(wrong).toEqual([]);
  });

  it("renders a table row per key, with its type, whether it is required, and its example in YAML", () => {
    const text = manifestReference(schema);
    expect(text).toMatch(/^<!-- Generated from schema\/manifest\.schema\.json/);
    expect(text).toContain("| `labelField` | string |  | Field shown when another resource refers to this one.");
    expect(text).toContain("| `filter` | one of `contains`, `eq`, `range`, `any` |");
    expect(text).toContain("| `rows` | integer |  | Demo rows at scale 1. | `20` |");
    expect(text).toContain("| `name` | [identifier](#def-identifier) | yes |");
    expect(text).toContain("`{status: [in_progress]}`");
    // Every link inside the file has its anchor.
    const anchors = new Set([...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]));
    const targets = [...text.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]);
    expect(targets.filter((target) => !anchors.has(target))).toEqual([]);
  });
});

describe("the annotated example resource (schema/examples/annotated-resource.yaml)", () => {
  it("is a resource the generator accepts when an analyst adds it with the menu entry its header shows", () => {
    const root = mkdtempSync(join(tmpdir(), "annotated-"));
    cpSync(join(PROJECT_ROOT, "schema"), join(root, "schema"), { recursive: true });
    const example = readFileSync(join(PROJECT_ROOT, "schema", "examples", "annotated-resource.yaml"), "utf8");
    writeFileSync(join(root, "schema", "resources", "supplier_audits.yaml"), example);
    const manifestPath = join(root, "schema", "manifest.yaml");
    const doc = parseDocument(readFileSync(manifestPath, "utf8"));
    const menuEntry = parseDocument(
      example
        .split("\n")
        .filter((line) => line.startsWith("#   ") || line.startsWith("#     ") || line.startsWith("#       "))
        .map((line) => line.slice(4))
        .join("\n"),
    ).toJS() as unknown[];
    (doc.getIn(["menu", "children"]) as { add: (value: unknown) => void }).add(doc.createNode(menuEntry[0]));
    writeFileSync(manifestPath, doc.toString());
    const result = build({ manifestPath, root, overridesDir: join(PROJECT_ROOT, "src", "overrides"), cwd: root });
    expect(result.problems).toEqual([]);
  });
});
