// Array-of-objects fields (type: array, items: {type: object, properties}): a record holds rows of
// small records, e.g. a code rule's segments. The rows are stored as JSON in the record's own
// column and validated by the same JSON Schema as the record. This step checks the field's shape and
// normalizes each row's fields as a resource's are, reporting at the manifest's own path.
import type { YamlSource } from "../load/yaml-source";
import type { FieldModel, RowsModel } from "../model/model";
import type { ProblemSink } from "./context";
import type { RawField, RawResource } from "../../schema/contract/manifest.gen";

/** Most rows a record may hold when the manifest says nothing (maxItems). */
export const DEFAULT_MAX_ROWS = 100;

/** Normalizes fields of a resource-like shape (normalize-fields' normalizeFields, passed in to keep imports one way). */
export type NormalizeFields = (raw: RawResource, sink: ProblemSink) => FieldModel[];

export const isRowsField = (field: RawField): boolean => field.type === "array" && field.items?.type === "object";

/** A sink that reports a row field's problem at its place under the array field. */
function rowSink(sink: ProblemSink, at: string): ProblemSink {
  const where = (pointer: string) =>
    pointer.replace(/^\/fields\//, `${at}/items/properties/`).replace(/^\/required\//, `${at}/items/required/`);
  return {
    problems: sink.problems,
    add: (source, pointer, message, atKey) => sink.add(source, where(pointer), message, atKey),
  };
}

/** What a row's field may not be: it holds one plain value the row itself stores. */
function checkRowField(field: RawField, at: string, source: YamlSource, sink: ProblemSink): void {
  const refuse = (key: string, why: string) => sink.add(source, `${at}/${key}`, why, true);
  if (field.type === "array") refuse("type", "a row's field holds one value: rows cannot nest an array");
  if (field["x-ref"])
    refuse("x-ref", "a row's field cannot refer to another resource; make the reference a field of the record");
  if (field["x-stamp"])
    refuse("x-stamp", "the server stamps records, not rows: x-stamp belongs to a field of the record");
  if (field["x-unique"]) refuse("x-unique", "x-unique belongs to a field of the record, not to a row's field");
  if (field.readOnly)
    refuse("readOnly", "a row's field is written with its row: readOnly belongs to a field of the record");
  const ui = field["x-ui"];
  if (ui.filter) refuse("x-ui/filter", "a list filters by a record's fields, not by a row's");
  if (ui.sortable) refuse("x-ui/sortable", "a list sorts by a record's fields, not by a row's");
}

/** The array field's own keys that only a single value has. */
function checkArrayField(field: RawField, at: string, source: YamlSource, sink: ProblemSink): void {
  const refuse = (key: string, why: string) => sink.add(source, `${at}/${key}`, why, true);
  if (field["x-ref"]) refuse("x-ref", "an array of objects holds rows, not an id: remove x-ref");
  if (field["x-enum"]) refuse("x-enum", "an array of objects holds rows: put x-enum on a row's field");
  if (field["x-unique"]) refuse("x-unique", "x-unique belongs to a single value, not to rows");
  const ui = field["x-ui"];
  if (ui.filter) refuse("x-ui/filter", "a list cannot filter by rows");
  if (ui.sortable) refuse("x-ui/sortable", "a list cannot be sorted by rows");
  if (ui.widget) refuse("x-ui/widget", "an array of objects is edited as rows; its row fields take the widgets");
  const items = field.items!;
  if (items["x-ref"]) refuse("items/x-ref", "an object item holds fields, not an id: remove x-ref");
  if (items.pattern !== undefined) refuse("items/pattern", "an object item has no pattern: put it on a row's field");
  if (field.minItems !== undefined && field.maxItems !== undefined && field.minItems > field.maxItems)
    refuse("minItems", `minItems ${field.minItems} is more than maxItems ${field.maxItems}`);
}

/** The rows of an array-of-objects field, or undefined after reporting why it cannot have them. */
export function rowsOf(
  raw: RawResource,
  name: string,
  field: RawField,
  source: YamlSource,
  sink: ProblemSink,
  normalizeFields: NormalizeFields,
): RowsModel | undefined {
  const at = `/fields/${name}`;
  const problems = sink.problems.length;
  checkArrayField(field, at, source, sink);
  const properties = field.items?.properties;
  if (!properties) {
    sink.add(
      source,
      `${at}/items`,
      "an array of objects says what each row holds: add items.properties (e.g. {kind: {type: string, x-ui: {label: …}}})",
      true,
    );
    return undefined;
  }
  for (const [key, property] of Object.entries(properties))
    checkRowField(property, `${at}/items/properties/${key}`, source, sink);
  const shape: RawResource = { ...raw, fields: properties, required: field.items?.required };
  const fields = normalizeFields(shape, rowSink(sink, at))
    .filter((row) => !row.system)
    .map((row): FieldModel => ({ ...row, labelKey: `resource.${raw.name}.rows.${name}.${row.name}` }));
  checkDefaultRows(field, fields, at, source, sink);
  if (sink.problems.length > problems) return undefined;
  return {
    fields,
    ...(field.minItems !== undefined ? { minItems: field.minItems } : {}),
    maxItems: field.maxItems ?? DEFAULT_MAX_ROWS,
  };
}

/** Whether `value` is one `field` holds: of its type, one of its enum's values. */
function fits(field: FieldModel, value: string | number | boolean): boolean {
  if (field.enumValues) return typeof value === "string" && field.enumValues.includes(value);
  if (field.type === "integer") return Number.isInteger(value);
  if (field.type === "number") return typeof value === "number";
  return typeof value === field.type;
}

/** The rows a new record starts with: a list of rows of the row fields, every required one given. */
function checkDefaultRows(
  field: RawField,
  rows: readonly FieldModel[],
  at: string,
  source: YamlSource,
  sink: ProblemSink,
): void {
  const starting = field.default;
  if (starting === undefined) return;
  if (!Array.isArray(starting)) {
    sink.add(source, `${at}/default`, "an array of objects starts with rows: default is a list of rows", true);
    return;
  }
  const byName = new Map(rows.map((row) => [row.name, row]));
  const maxItems = field.maxItems ?? DEFAULT_MAX_ROWS;
  if (starting.length > maxItems)
    sink.add(source, `${at}/default`, `${starting.length} rows are more than maxItems ${maxItems}`, true);
  starting.forEach((row, index) => {
    const where = `${at}/default/${index}`;
    for (const [key, value] of Object.entries(row)) {
      const rowField = byName.get(key);
      if (!rowField)
        sink.add(
          source,
          `${where}/${key}`,
          `'${key}' is not a field of the rows (${[...byName.keys()].join(", ")})`,
          true,
        );
      else if (!fits(rowField, value))
        sink.add(
          source,
          `${where}/${key}`,
          `${JSON.stringify(value)} is not a value of '${key}' (${rowField.enumValues ? `one of ${rowField.enumValues.join(", ")}` : rowField.type})`,
        );
    }
    for (const rowField of rows)
      if (rowField.required && !(rowField.name in row))
        sink.add(source, where, `row ${index + 1} leaves out '${rowField.name}', which every row must fill`);
  });
}

/** minItems, maxItems and a default list of rows belong to an array of objects: refused on any other field. */
export function checkRowKeys(field: RawField, at: string, source: YamlSource, sink: ProblemSink): void {
  if (isRowsField(field)) return;
  for (const key of ["minItems", "maxItems"] as const)
    if (field[key] !== undefined)
      sink.add(source, `${at}/${key}`, `${key} counts the rows of an array of objects (items type object)`, true);
  // a multi-value field refuses any default itself (link-field.ts)
  if (Array.isArray(field.default) && field.type !== "array")
    sink.add(
      source,
      `${at}/default`,
      "a list of rows as default belongs to an array of objects (items type object)",
      true,
    );
}
