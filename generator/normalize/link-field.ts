// Multi-value fields (type: array of ids or of region codes): the record holds several values,
// stored one per row in a join table <resource>_<field> the generator declares. This step checks
// the field's shape and says how it is stored; normalize-fields does the rest as for any field.
import type { YamlSource } from "../load/yaml-source";
import type { LinkModel } from "../model/model";
import type { ProblemSink } from "./context";
import type { RawField, RawResource } from "../../schema/contract/manifest.gen";

/** The join table of a multi-value field. */
export const linkTable = (resource: string, field: string): string => `${resource}_${field}`;

/** Whether `field` is a multi-value field (an array of ids or codes, not of objects). */
export const isLinkField = (field: RawField): boolean =>
  field.type === "array" &&
  (field.items === undefined || field.items.type === "integer" || field.items.type === "string");

/**
 * The join table and item type of a multi-value field, or undefined after reporting why it cannot be
 * one. `resourceNames` keeps a join table from taking a resource's table name.
 */
export function linkOf(
  raw: RawResource,
  name: string,
  field: RawField,
  source: YamlSource,
  resourceNames: ReadonlySet<string>,
  sink: ProblemSink,
): LinkModel | undefined {
  const at = `/fields/${name}`;
  const items = field.items;
  if (!items) {
    sink.add(
      source,
      at,
      `a type array field says what each value is: add items (e.g. {type: integer, x-ref: <resource>})`,
      true,
    );
    return undefined;
  }
  const problems = sink.problems.length;
  if (field["x-ref"])
    sink.add(
      source,
      `${at}/x-ref`,
      `a multi-value reference names its resource under items (items: {type: integer, x-ref: ${field["x-ref"]}})`,
      true,
    );
  const ref = items["x-ref"];
  if (ref && !resourceNames.has(ref))
    sink.add(source, `${at}/items/x-ref`, `resource '${ref}' does not exist in schema/resources/`);
  if (ref && items.type !== "integer")
    sink.add(source, `${at}/items/type`, `an x-ref item holds an id: its type must be integer`);
  const region = field["x-ui"].widget === "region";
  if (!ref && !region)
    sink.add(
      source,
      `${at}/items`,
      `an array holds ids of another resource (items x-ref) or region codes (x-ui widget: region)`,
      true,
    );
  if (region && items.type !== "string")
    sink.add(source, `${at}/items/type`, `region codes are strings: items type must be string`);
  if (ref && region)
    sink.add(source, `${at}/x-ui/widget`, `an array of ${ref} ids is picked from a select, not a region tree`);
  const filter = field["x-ui"].filter;
  if (filter && filter !== "any")
    sink.add(source, `${at}/x-ui/filter`, `a multi-value field filters by any of its values: filter: any`);
  if (field["x-ui"].sortable) sink.add(source, `${at}/x-ui/sortable`, `a list cannot be sorted by a multi-value field`);
  if (field["x-unique"]) sink.add(source, `${at}/x-unique`, `x-unique belongs to a single value, not to an array`);
  if (field.default !== undefined)
    sink.add(source, `${at}/default`, `a multi-value field starts empty; it takes no default`);
  const table = linkTable(raw.name, name);
  if (resourceNames.has(table))
    sink.add(
      source,
      at,
      `its join table '${table}' would take the name of resource '${table}': rename the field`,
      true,
    );
  if (sink.problems.length > problems) return undefined;
  return {
    table,
    itemType: items.type === "integer" ? "integer" : "string",
    ...(ref ? { ref } : {}),
    ...(items.pattern ? { pattern: items.pattern } : {}),
  };
}
