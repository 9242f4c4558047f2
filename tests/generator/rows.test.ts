// An array-of-objects field from a fixture manifest alone (good/rows): the server's schema holds
// rows of the declared fields (and the rows a new record starts with), the column stores them as
// JSON, the types name the row, the form config edits them as rows and the row fields' labels are
// in every language.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../generator/index";
import { FIXTURES, manifestOf, PROJECT_ROOT } from "./fixtures";

const built = build({
  manifestPath: manifestOf("good", "rows"),
  root: PROJECT_ROOT,
  overridesDir: join(FIXTURES, "good", "rows", "overrides"),
  cwd: PROJECT_ROOT,
});
const files = "files" in built ? new Map(built.files.map((file) => [file.path, file.content])) : new Map();
const file = (path: string): string => {
  const content = files.get(path);
  if (content === undefined) throw new Error(`${path} was not generated`);
  return content;
};

describe("an array-of-objects field", () => {
  it("builds without problems", () => {
    expect(built.problems).toEqual([]);
  });

  it("the server validates rows with the field's own schema and stores them as JSON", () => {
    const contract = JSON.parse(file("mock-server/generated/contract.gen.json")) as {
      resources: {
        name: string;
        columns: { name: string; json?: true }[];
        schemas: { create: { properties: Record<string, unknown> } };
      }[];
    };
    const specs = contract.resources.find((resource) => resource.name === "packing_specs")!;
    expect(specs.columns.find((column) => column.name === "levels")).toMatchObject({ sqlType: "TEXT", json: true });
    expect(specs.schemas.create.properties.levels).toEqual({
      type: "array",
      description: "Levels",
      minItems: 1,
      maxItems: 4,
      default: [
        { level: "item", holds: 1 },
        { level: "box", holds: 10, note: "ten items" },
      ],
      items: {
        type: "object",
        additionalProperties: false,
        required: ["level", "holds"],
        properties: {
          level: { type: "string", description: "Level", enum: ["item", "box", "case"], minLength: 1 },
          holds: { type: "integer", description: "Holds", minimum: 1, maximum: 1000 },
          note: { type: ["string", "null"], description: "Note", maxLength: 40 },
        },
      },
    });
  });

  it("the types hold an array of the row's interface", () => {
    const types = file("src/api/generated/types/packing_specs.gen.ts");
    expect(types).toContain("  levels: PackingSpecsLevelsRow[];\n");
    expect(types).toMatch(
      /export interface PackingSpecsLevelsRow \{[^}]*level: "item" \| "box" \| "case";[^}]*holds: number;[^}]*note\?: string \| null;/,
    );
  });

  it("the form edits rows of the row fields, each with its widget and rules", () => {
    const config = file("src/generated/configs/packing_specs.gen.ts");
    expect(config).toMatch(/rows: \{\n\s+fields: \[/);
    expect(config).toContain('labelKey: "resource.packing_specs.rows.levels.holds"');
    expect(config).toMatch(/minItems: 1,\n\s+maxItems: 4,/);
    // a new record's form starts with the manifest's rows
    expect(config).toMatch(/default: \[\n\s+\{\n\s+level: "item",\n\s+holds: 1,\n\s+\},/);
    expect(file("src/generated/i18n/es.gen.ts")).toMatch(
      /rows: \{\n\s+levels: \{\n\s+level: "Nivel",\n\s+holds: "Contiene",/,
    );
  });
});
