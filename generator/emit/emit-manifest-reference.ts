// schema/manifest-reference.md: every key an analyst can write in schema/manifest.yaml and in
// schema/resources/<name>.yaml, with its type, whether it is required, its description and an
// example, read from schema/manifest.schema.json. The generator accepts exactly
// what the schema says, so a reference made from the schema cannot drift from it; `--check` keeps
// the file current like any generated file.

import { stringify } from "yaml";

export const MANIFEST_REFERENCE_PATH = "schema/manifest-reference.md";

type Schema = { readonly [key: string]: unknown };

interface Section {
  readonly id: string;
  readonly heading: string;
  readonly intro?: string;
  readonly node: Schema;
}

/** One row of a section's table, or a problem the completeness test reports. */
export interface ReferenceKey {
  /** Where the key sits, e.g. "resource.fields.<name>.x-ui.filter". */
  readonly path: string;
  /** JSON pointer of the key's schema in manifest.schema.json, e.g. "/$defs/field/properties/x-ui". */
  readonly pointer: string;
  readonly description?: string;
  readonly example?: unknown;
}

/** The definitions an analyst writes, in reading order, with the heading each gets. */
const OBJECT_DEFS: readonly (readonly [string, string])[] = [
  ["menuNode", "Menu entry (`menu` and every `children` item)"],
  ["screen", "Screen (`screen` of a menu entry)"],
  ["station", "Station (`station` of a station screen)"],
  ["lookup", "Lookup (`lookup` of a lookup screen)"],
  ["lookupSection", "Lookup section (`sections` of a lookup)"],
  ["lookupField", "Lookup field (`fields`, `columns` and `message` of a lookup section)"],
  ["lookupLink", "Lookup link (`link` and `links` of a lookup section or field)"],
  ["button", "Button (`buttons` of a menu entry)"],
  ["resource", "Resource file (`schema/resources/<name>.yaml`)"],
  ["field", "Field (`fields.<name>` of a resource)"],
  ["fieldItems", "Field items (`items` of an array field: its values, or the fields of its rows)"],
  ["fieldUi", "Field display (`x-ui` of a field)"],
  ["action", "Action (`actions.<name>` of a resource)"],
  ["enumValue", "Enum value (`enums.<list>.<value>` in manifest.yaml)"],
];
/** Value types other tables refer to. */
const VALUE_DEFS = [
  "translated",
  "partialTranslated",
  "language",
  "identifier",
  "endpoint",
  "nullableEndpoint",
  "stamp",
  "lookupLabel",
  "lookupPath",
  "lookupTestId",
] as const;

const SKIPPED_KEYS = new Set(["$schema"]);

const isObject = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function defName(ref: string): string {
  return ref.replace(/^#\/\$defs\//, "");
}

/** The object a property holds directly or as the items of its list, when that object has keys. */
function nestedObject(property: Schema): { node: Schema; list: boolean; map: boolean } | undefined {
  if (isObject(property.properties)) return { node: property, list: false, map: false };
  if (isObject(property.items) && isObject(property.items.properties))
    return { node: property.items, list: true, map: false };
  if (isObject(property.additionalProperties) && isObject(property.additionalProperties.properties))
    return { node: property.additionalProperties, list: false, map: true };
  return undefined;
}

/** A const as the reference shows it: a string as written, anything else as JSON. */
function scalarText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function typeOf(property: Schema, nestedId?: string): string {
  if (typeof property.$ref === "string") {
    const name = defName(property.$ref);
    return `[${name}](#${anchorOfDef(name)})`;
  }
  if (Array.isArray(property.enum)) return `one of ${property.enum.map((value) => `\`${String(value)}\``).join(", ")}`;
  if (typeof property.const !== "undefined") return `\`${scalarText(property.const)}\``;
  if (nestedId) {
    if (property.type === "array") return `list of [objects](#${nestedId})`;
    return `[object](#${nestedId})`;
  }
  if (property.type === "array" && isObject(property.items)) return `list of ${typeOf(property.items)}`;
  if (property.type === "object" && isObject(property.additionalProperties))
    return `map of name → ${typeOf(property.additionalProperties)}`;
  if (Array.isArray(property.type)) return property.type.map(String).join(" or ");
  if (typeof property.type === "string") {
    const format = typeof property.format === "string" && property.format !== "regex" ? ` (${property.format})` : "";
    return `${property.type}${format}`;
  }
  return "any";
}

function anchorOfDef(name: string): string {
  return `def-${name.toLowerCase()}`;
}

function exampleOf(property: Schema): unknown {
  if (Array.isArray(property.examples) && property.examples.length > 0) return property.examples[0];
  return property.default;
}

/** An example as the analyst would write it in YAML (flow style, one line). */
function inline(value: unknown): string {
  if (value === undefined) return "";
  const text = stringify(value, { collectionStyle: "flow", flowCollectionPadding: false, lineWidth: 0 }).trim();
  return `\`${text.replace(/`/g, "ˋ")}\``;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
}

/** Every object of the schema that gets a table: the root, the definitions, and the objects nested in their keys. */
function sectionsOf(schema: Schema): { sections: Section[]; keys: ReferenceKey[] } {
  const sections: Section[] = [];
  const keys: ReferenceKey[] = [];
  const defs = schema.$defs as Record<string, Schema>;

  const visit = (id: string, heading: string, node: Schema, path: string, pointer: string, intro?: string) => {
    const section: Section = { id, heading, node, intro };
    sections.push(section);
    const properties = (node.properties ?? {}) as Record<string, Schema>;
    for (const [key, property] of Object.entries(properties)) {
      if (SKIPPED_KEYS.has(key)) continue;
      const at = `${pointer}/properties/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      keys.push({
        path: `${path}.${key}`,
        pointer: at,
        description: property.description as string | undefined,
        example: exampleOf(property),
      });
      const nested = nestedObject(property);
      if (!nested) continue;
      const suffix = nested.list ? "[]" : nested.map ? ".<name>" : "";
      const nestedAt = nested.list ? `${at}/items` : nested.map ? `${at}/additionalProperties` : at;
      visit(
        `${id}-${key}`,
        `${heading.replace(/ \(.*\)$/, "")} › \`${key}${suffix}\``,
        nested.node,
        `${path}.${key}${suffix}`,
        nestedAt,
      );
    }
  };

  visit(
    "manifest",
    "Manifest file (`schema/manifest.yaml`)",
    schema,
    "manifest",
    "",
    schema.description as string | undefined,
  );
  for (const [name, heading] of OBJECT_DEFS) {
    const def = defs[name];
    if (!def) throw new Error(`manifest.schema.json has no $defs/${name}`);
    visit(anchorOfDef(name), heading, def, name, `/$defs/${name}`, def.description as string | undefined);
  }
  return { sections, keys };
}

/** The keys the reference lists, for the test that each has a description and an example. */
export function referenceKeys(schema: Schema): ReferenceKey[] {
  return sectionsOf(schema).keys;
}

function table(node: Schema, sectionId: string): string[] {
  const properties = (node.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const rows = ["| Key | Type | Required | Description | Example |", "|---|---|---|---|---|"];
  for (const [key, property] of Object.entries(properties)) {
    if (SKIPPED_KEYS.has(key)) continue;
    const nested = nestedObject(property) ? `${sectionId}-${key}` : undefined;
    rows.push(
      `| \`${key}\` | ${cell(typeOf(property, nested))} | ${required.has(key) ? "yes" : ""} | ${cell(typeof property.description === "string" ? property.description : "")} | ${cell(inline(exampleOf(property)))} |`,
    );
  }
  return rows;
}

export function manifestReference(schema: Schema): string {
  const defs = schema.$defs as Record<string, Schema>;
  const { sections } = sectionsOf(schema);
  const lines: string[] = [
    "<!-- Generated from schema/manifest.schema.json by `npm run generate`. Do not edit this file:",
    "     change the schema's descriptions and examples and run `npm run generate` again. -->",
    "",
    "# Manifest reference",
    "",
    "Every key of `schema/manifest.yaml` and of a resource file `schema/resources/<name>.yaml`, as the",
    "generator accepts it. An annotated resource that uses the common keys is",
    "[`schema/examples/annotated-resource.yaml`](examples/annotated-resource.yaml).",
    "",
    "## Contents",
    "",
    ...sections.map((section) => `- [${section.heading.replace(/`/g, "")}](#${section.id})`),
    "- [Value types](#value-types)",
    "",
  ];
  for (const section of sections) {
    lines.push(`<a id="${section.id}"></a>`, "", `## ${section.heading}`, "");
    if (section.intro) lines.push(section.intro, "");
    lines.push(...table(section.node, section.id), "");
  }
  lines.push('<a id="value-types"></a>', "", "## Value types", "");
  for (const name of VALUE_DEFS) {
    const def = defs[name];
    if (!def) throw new Error(`manifest.schema.json has no $defs/${name}`);
    lines.push(`<a id="${anchorOfDef(name)}"></a>`, "", `### \`${name}\``, "");
    const described = [
      def.description,
      Array.isArray(def.enum) ? `One of ${def.enum.map((v) => `\`${String(v)}\``).join(", ")}.` : "",
    ]
      .filter(Boolean)
      .join(" ");
    if (described) lines.push(String(described), "");
    if (typeof def.pattern === "string") lines.push(`Pattern: \`${def.pattern}\``, "");
    if (isObject(def.properties)) lines.push(...table(def, anchorOfDef(name)), "");
    const example = exampleOf(def);
    if (example !== undefined) lines.push(`Example: ${inline(example)}`, "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

export function emitManifestReference(schema: Schema): { path: string; content: string }[] {
  return [{ path: MANIFEST_REFERENCE_PATH, content: manifestReference(schema) }];
}
