// A resource's fields: the manifest's, with system fields around them and every x-ui default filled.
import type { YamlSource } from "../load/yaml-source";
import type { EnumModel, FieldModel } from "../model/model";
import type { Widget } from "../../schema/contract/vocabulary";
import type { ProblemSink } from "./context";
import { SYSTEM_FIELD_LABELS } from "./defaults";
import type { RawField, RawResource } from "../../schema/contract/manifest.gen";
import { isLinkField, linkOf } from "./link-field";
import { checkRowKeys, isRowsField, rowsOf } from "./row-fields";

function defaultWidget(field: RawField): Widget {
  if (field["x-ref"] || field["x-enum"] || field.items?.["x-ref"]) return "select";
  if (field.type === "boolean") return "switch";
  if (field.type === "integer" || field.type === "number") return "number";
  if (field.format === "date") return "date";
  if (field.format === "date-time") return "datetime";
  if (field.format === "color") return "color";
  if (field.maxLength !== undefined && field.maxLength > 200) return "textarea";
  return "input";
}

function systemField(name: "id" | "created_at" | "updated_at", idType: "integer" | "string" = "integer"): FieldModel {
  const isId = name === "id";
  const numericId = isId && idType === "integer";
  return {
    name,
    type: isId ? idType : "string",
    format: isId ? undefined : "date-time",
    labelKey: `field.${name}`,
    label: SYSTEM_FIELD_LABELS[name],
    system: true,
    readOnly: true,
    required: false,
    inputRule: false,
    unique: isId,
    column: name !== "updated_at",
    sortable: true,
    widget: numericId ? "number" : isId ? "input" : "datetime",
    inForm: false,
    // A made id (a UUID) is 36 characters wide.
    width: numericId ? 80 : isId ? 300 : 170,
  };
}

export const REGION_DEPTHS = { province: 1, city: 2, district: 3 } as const;

export function normalizeFields(
  raw: RawResource,
  source: YamlSource,
  enums: ReadonlyMap<string, EnumModel>,
  resourceNames: ReadonlySet<string>,
  sink: ProblemSink,
): FieldModel[] {
  const required = new Set(raw.required ?? []);
  (raw.required ?? []).forEach((name, index) => {
    if (!raw.fields?.[name]) sink.add(source, `/required/${index}`, `required field '${name}' is not among the fields`);
  });
  const declared = Object.entries(raw.fields ?? {}).map(([name, field]): FieldModel => {
    const at = `/fields/${name}`;
    const enumModel = field["x-enum"] ? enums.get(field["x-enum"]) : undefined;
    if (field["x-enum"] && !enumModel)
      sink.add(source, `${at}/x-enum`, `enum '${field["x-enum"]}' is not declared under enums in manifest.yaml`);
    if (field["x-enum"] && field.type !== "string")
      sink.add(source, `${at}/x-enum`, `an x-enum field must have type string`);
    if (field["x-ref"] && !resourceNames.has(field["x-ref"]))
      sink.add(source, `${at}/x-ref`, `resource '${field["x-ref"]}' does not exist in schema/resources/`);
    // An array's x-ref belongs under items (link-field.ts says so); its type is not this rule's.
    if (field["x-ref"] && field.type !== "integer" && field.type !== "array")
      sink.add(source, `${at}/x-ref`, `an x-ref field holds an id: its type must be integer`);
    const ui = field["x-ui"];
    const link = isLinkField(field) ? linkOf(raw, name, field, source, resourceNames, sink) : undefined;
    const rows = isRowsField(field)
      ? rowsOf(raw, name, field, source, sink, (shape, rowSink) =>
          normalizeFields(shape, source, enums, resourceNames, rowSink),
        )
      : undefined;
    checkRowKeys(field, at, source, sink);
    if (ui.filter === "any" && field.type !== "array")
      sink.add(source, `${at}/x-ui/filter`, `filter any is for a multi-value field (type: array); use eq`);
    if (ui.filter === "range" && field.type === "string" && !field.format?.startsWith("date"))
      sink.add(source, `${at}/x-ui/filter`, `a range filter needs a number or a date`);
    const widget = ui.widget ?? defaultWidget(field);
    if (ui.regionLevel && widget !== "region")
      sink.add(
        source,
        `${at}/x-ui/regionLevel`,
        `regionLevel belongs to a region field (widget: region); this one is ${widget}`,
        true,
      );
    const readOnly = field.readOnly ?? false;
    return {
      name,
      type: field.type === "array" ? (link?.itemType ?? "string") : field.type,
      format: field.format,
      labelKey: `resource.${raw.name}.fields.${name}`,
      label: ui.label,
      system: false,
      readOnly,
      required: required.has(name),
      minLength: field.minLength,
      maxLength: field.maxLength,
      pattern: field.pattern,
      minimum: field.minimum,
      maximum: field.maximum,
      default: field.default,
      enumName: enumModel?.name,
      enumValues: enumModel?.values.map((v) => v.value),
      ref: field["x-ref"],
      refWhere: field["x-ref-where"],
      ...(link ? { link } : {}),
      ...(rows ? { rows } : {}),
      inputRule: field["x-input-rule"] ?? false,
      unique: field["x-unique"] ?? false,
      stamp: field["x-stamp"],
      column: ui.column ?? !["textarea", "password", "image"].includes(widget),
      filter: ui.filter,
      sortable: ui.sortable ?? false,
      widget,
      inForm: ui.form ?? !readOnly,
      width: ui.width,
      ...(ui.progress ? { progress: ui.progress } : {}),
      ...(ui.regionLevel ? { regionDepth: REGION_DEPTHS[ui.regionLevel] } : {}),
    };
  });
  checkProgressBars(raw, source, sink);
  return [systemField("id", raw.idType), ...declared, systemField("created_at"), systemField("updated_at")];
}

/** x-ui progress: a number against another number of the same record; `while` names real fields. */
function checkProgressBars(raw: RawResource, source: YamlSource, sink: ProblemSink): void {
  const fields = raw.fields ?? {};
  const numeric = (name: string) => ["integer", "number"].includes(fields[name]?.type ?? "");
  for (const [name, field] of Object.entries(fields)) {
    const progress = field["x-ui"].progress;
    if (!progress) continue;
    const at = `/fields/${name}/x-ui/progress`;
    if (!numeric(name)) sink.add(source, at, `a progress bar shows a number: '${name}' is ${field.type}`, true);
    if (!numeric(progress.of))
      sink.add(source, `${at}/of`, `'${progress.of}' is not a number field of resource '${raw.name}'`);
    for (const key of Object.keys(progress.while ?? {}))
      if (!fields[key])
        sink.add(source, `${at}/while/${key}`, `field '${key}' does not exist in resource '${raw.name}'`, true);
  }
}
