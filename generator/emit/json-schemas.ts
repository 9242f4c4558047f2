// JSON Schemas of a resource, from its fields: the server validates with them, the types are made from them.
import type { FieldModel, ResourceModel } from "../model/model";
import { FORMAT_PATTERNS, INPUT_RULE_PATTERN, WEB_URI_PATTERN } from "../../schema/contract/patterns";
import { recordIdSchema, type RecordIdType } from "../../schema/contract/record-id";

type Schema = Record<string, unknown>;

/** A multi-value field: an array of ids (each ≥ 1) or of codes, no value twice; required means one at least. */
function linkSchema(field: FieldModel, nullable: boolean): Schema {
  const item: Schema = { type: field.type };
  if (field.link?.ref) item.minimum = 1;
  if (field.link?.pattern) item.pattern = field.link.pattern;
  const schema: Schema = {
    type: nullable ? ["array", "null"] : "array",
    items: item,
    uniqueItems: true,
    maxItems: 500,
  };
  if (field.label.en) schema.description = field.label.en;
  if (field.required) schema.minItems = 1;
  return schema;
}

/** An array-of-objects field: rows of its own fields, no unknown keys, as many as minItems/maxItems allow. */
function rowsSchema(field: FieldModel, nullable: boolean): Schema {
  const rows = field.rows!;
  const properties = Object.fromEntries(rows.fields.map((row) => [row.name, fieldSchema(row, !row.required)]));
  const item: Schema = {
    type: "object",
    additionalProperties: false,
    properties,
    required: rows.fields.filter((row) => row.required).map((row) => row.name),
  };
  const schema: Schema = { type: nullable ? ["array", "null"] : "array", items: item, maxItems: rows.maxItems };
  if (field.label.en) schema.description = field.label.en;
  if (rows.minItems !== undefined) schema.minItems = rows.minItems;
  if (field.default !== undefined) schema.default = field.default;
  return schema;
}

export function fieldSchema(field: FieldModel, nullable: boolean): Schema {
  if (field.rows) return rowsSchema(field, nullable);
  if (field.link) return linkSchema(field, nullable);
  const schema: Schema = { type: nullable ? [field.type, "null"] : field.type };
  if (field.label.en) schema.description = field.label.en;
  if (field.format && FORMAT_PATTERNS[field.format]) schema.pattern = FORMAT_PATTERNS[field.format];
  else if (field.format) schema.format = field.format;
  if (field.format === "uri") schema.pattern = WEB_URI_PATTERN;
  if (field.minLength !== undefined) schema.minLength = field.minLength;
  if (field.maxLength !== undefined) schema.maxLength = field.maxLength;
  if (field.pattern !== undefined) schema.pattern = field.pattern;
  if (field.inputRule) schema.pattern = INPUT_RULE_PATTERN; // spec §5 shared input rule
  if (field.minimum !== undefined) schema.minimum = field.minimum;
  if (field.maximum !== undefined) schema.maximum = field.maximum;
  if (field.default !== undefined) schema.default = field.default;
  if (field.enumValues) schema.enum = nullable ? [...field.enumValues, null] : [...field.enumValues];
  if (field.ref) schema.minimum = 1;
  if (field.required && field.type === "string" && field.minLength === undefined) schema.minLength = 1;
  return schema;
}

export function recordSchema(resource: ResourceModel): Schema {
  const properties: Record<string, Schema> = {};
  for (const field of resource.fields) {
    properties[field.name] = fieldSchema(field, !field.system && !field.required && !field.link);
    if (field.link)
      properties[`${field.name}_label`] = {
        type: "array",
        items: { type: ["string", "null"] },
        description: field.link.ref ? `Labels of the referenced ${field.link.ref}, in order` : "Each region's names",
      };
    else if (field.ref)
      properties[`${field.name}_label`] = {
        type: ["string", "null"],
        description: `Label of the referenced ${field.ref}`,
      };
    else if (field.widget === "region")
      properties[`${field.name}_label`] = {
        type: ["string", "null"],
        description: "The region's names, province first",
      };
  }
  const required = resource.fields.filter((f) => f.system || f.required || f.link).map((f) => f.name);
  if (resource.report && !properties.id) {
    // A report row has no stored id; the server keys it by its dimension values joined with "|"
    // (mock-server/resources/report-query.ts) and the report table uses that as its row key.
    const id = { type: "string", description: "Row key: the dimension values joined by |" };
    return {
      type: "object",
      additionalProperties: false,
      properties: { id, ...properties },
      required: ["id", ...required],
    };
  }
  return { type: "object", additionalProperties: false, properties, required };
}

/** The type of the resource's ids: its id field's (manifest idType, integer unless said). */
export function idTypeOf(resource: ResourceModel): RecordIdType {
  return resource.fields.find((f) => f.name === "id")?.type === "string" ? "string" : "integer";
}

/** create: the writable fields with `required` as declared; update: an id (unless singleton) and any writable field. */
export function inputSchema(resource: ResourceModel, mode: "create" | "update"): Schema {
  const writable = resource.fields.filter((f) => !f.system && !f.readOnly);
  const properties: Record<string, Schema> = {};
  for (const field of writable) properties[field.name] = fieldSchema(field, !field.required);
  const required =
    mode === "create" ? writable.filter((f) => f.required).map((f) => f.name) : resource.singleton ? [] : ["id"];
  if (mode === "update" && !resource.singleton) properties.id = recordIdSchema(idTypeOf(resource));
  return { type: "object", additionalProperties: false, properties, required };
}
