// src/api/generated/types/<resource>.gen.ts: record and input interfaces, made from the same JSON Schemas the
// server validates with. The schemas are flat (scalar fields, an enum, "null" when optional), so they are
// printed here directly, in json-schema-to-typescript's words and prettier's layout: compiling them with
// json-schema-to-typescript and formatting took most of a cold run.
import type { Model, ResourceModel } from "../model/model";
import { API_OUT, banner, type GeneratedFile } from "./generated-file";
import { inputSchema, recordSchema } from "./json-schemas";
import { PRINT_WIDTH, printKey, printString, widthOf } from "./print-literal";
import { pascalCase } from "../normalize/context";

interface PropertySchema {
  readonly type: string | readonly string[];
  readonly description?: string;
  readonly enum?: readonly (string | number | boolean | null)[];
  /** An array's values: scalars, or rows (an object with its own properties). */
  readonly items?: PropertySchema & Partial<ObjectSchema>;
}

interface ObjectSchema {
  readonly properties: Readonly<Record<string, PropertySchema>>;
  readonly required: readonly string[];
}

const TS_TYPE: Readonly<Record<string, string>> = {
  string: "string",
  integer: "number",
  number: "number",
  boolean: "boolean",
  null: "null",
};

/** `rowType`: the interface an array of objects holds (printed beside the record's). */
function typeOf(schema: PropertySchema, rowType?: string): string[] {
  if (schema.enum) return schema.enum.map((v) => (typeof v === "string" ? printString(v) : String(v)));
  const types = typeof schema.type === "string" ? [schema.type] : schema.type;
  return types.map((t) => {
    if (t === "array" && schema.items) {
      if (schema.items.properties) return `${rowType}[]`;
      const values = typeOf(schema.items);
      return values.length > 1 ? `(${values.join(" | ")})[]` : `${values[0]}[]`;
    }
    const ts = TS_TYPE[t];
    if (!ts) throw new Error(`emit-types: no TypeScript type for JSON Schema type ${t}`);
    return ts;
  });
}

/** json-schema-to-typescript's doc comment, one ` * ` line per line of the description. */
function docOf(description: string): string {
  const lines = description.replace(/\*\//g, "*\\/").split("\n");
  return `  /**\n${lines.map((line) => `   *${line ? ` ${line}` : ""}\n`).join("")}   */\n`;
}

/** The interface of the rows a field holds: the record's type name and the field's, e.g. CodeRulesSegmentsRow. */
const rowTypeOf = (typeName: string, field: string): string => `${typeName}${pascalCase(field)}Row`;

function interfaceOf(name: string, schema: ObjectSchema, typeName = name): string {
  const members = Object.entries(schema.properties).map(([key, property]) => {
    const head = `  ${printKey(key)}${schema.required.includes(key) ? "" : "?"}:`;
    const types = typeOf(property, rowTypeOf(typeName, key));
    const oneLine = `${head} ${types.join(" | ")};`;
    // prettier breaks a union that does not fit into one member a line
    const member =
      widthOf(oneLine) <= PRINT_WIDTH || types.length < 2
        ? oneLine
        : `${head}\n${types.map((t) => `    | ${t}`).join("\n")};`;
    return `${property.description !== undefined ? docOf(property.description) : ""}${member}\n`;
  });
  return members.length > 0 ? `export interface ${name} {\n${members.join("")}}\n` : `export interface ${name} {}\n`;
}

function typesOf(resource: ResourceModel): string {
  const schemas: [string, ObjectSchema][] = [
    [`${resource.typeName}Record`, recordSchema(resource) as unknown as ObjectSchema],
  ];
  if (resource.kind === "entity") {
    schemas.push([`${resource.typeName}CreateInput`, inputSchema(resource, "create") as unknown as ObjectSchema]);
    schemas.push([`${resource.typeName}UpdateInput`, inputSchema(resource, "update") as unknown as ObjectSchema]);
  }
  const rows = Object.entries(schemas[0][1].properties).flatMap(([key, property]) =>
    property.items?.properties ? [interfaceOf(rowTypeOf(resource.typeName, key), property.items as ObjectSchema)] : [],
  );
  return [...schemas.map(([title, schema]) => interfaceOf(title, schema, resource.typeName)), ...rows].join("\n");
}

export function emitTypes(model: Model): GeneratedFile[] {
  return model.resources.map((resource) => ({
    path: `${API_OUT}/types/${resource.name}.gen.ts`,
    content: `${banner(model.manifestFile)}\n${typesOf(resource)}`,
  }));
}
