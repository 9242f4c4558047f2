// The manifest's field and call vocabulary, declared once for the generator, the console and the server.
// Adding a widget, a format or a filter starts here (and in schema/resource.schema.json, which the
// analysts' YAML is validated against).

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const HTTP_METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export type FieldType = "string" | "integer" | "number" | "boolean";
/** One row of an array-of-objects field: its fields' values. */
export type RowValues = Readonly<Record<string, string | number | boolean>>;
/** A field's manifest default: a value, or the rows an array-of-objects field starts with. */
export type FieldDefault = string | number | boolean | RowValues[];
export type FieldFormat = "date" | "date-time" | "email" | "uri" | "phone" | "color";
export type Widget =
  | "input"
  | "textarea"
  | "number"
  | "switch"
  | "select"
  | "date"
  | "datetime"
  | "region"
  | "image"
  | "password"
  | "color"
  | "timezone";
/** How a list column filters: substring, equality, a from/to range, or any of several values (a multi-value field). */
export type FilterKind = "contains" | "eq" | "range" | "any";
/** What the server writes into a stamped field: its clock (ISO date-time) or the caller's account_name. */
export type StampKind = "now" | "account";

export type ResourceEndpointName = "list" | "detail" | "create" | "update" | "delete" | "tree" | "options";
export type View = "list" | "create" | "edit" | "show";
export type SortOrder = "asc" | "desc";
