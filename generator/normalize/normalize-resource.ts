// One resource with its endpoints, fields, actions, tree and report resolved, from a resource the
// validate stage has checked (validate/validate-resources.ts). Views and roles come later (bind-screens).
import type { YamlSource } from "../load/yaml-source";
import type { ActionModel, EnumModel, FieldModel, ReportModel, ResourceModel } from "../model/model";
import { parseEndpoint, pascalCase, type ProblemSink } from "./context";
import { DEFAULT_CHILDREN_KEY, DEFAULT_PAGE_SORT, DEFAULT_SEED_ROWS } from "./defaults";
import { endpointsOf } from "./endpoints";
import { normalizeFields, REGION_DEPTHS } from "./normalize-fields";
import type { RawResource } from "../../schema/contract/manifest.gen";
import { fileActionOf } from "./file-actions";
import { galleryOf } from "./gallery";

export type UnboundResource = Omit<
  ResourceModel,
  "views" | "readRoles" | "writeRoles" | "referencedBy" | "optionRoles" | "primaryMenu"
>;

function reportFields(raw: RawResource, source: RawResource | undefined): FieldModel[] {
  const report = raw.report!;
  const dims = report.dimensions.flatMap((name): FieldModel[] => {
    const field = source?.fields?.[name];
    // A report groups by one value per row; a multi-value field is no dimension.
    if (!field || field.type === "array") return [];
    return [
      {
        name,
        type: field.type,
        format: field.format,
        labelKey: `resource.${source.name}.fields.${name}`,
        label: field["x-ui"].label,
        system: false,
        readOnly: true,
        required: false,
        ref: field["x-ref"],
        enumName: field["x-enum"],
        inputRule: false,
        unique: false,
        column: true,
        filter: "eq",
        sortable: true,
        widget: field["x-ref"] || field["x-enum"] ? "select" : field["x-ui"].widget === "region" ? "region" : "input",
        ...(field["x-ui"].regionLevel ? { regionDepth: REGION_DEPTHS[field["x-ui"].regionLevel] } : {}),
        inForm: false,
      },
    ];
  });
  const measures = report.measures.map((measure): FieldModel => ({
    name: measure.name,
    type: measure.agg === "count" ? "integer" : "number",
    labelKey: `resource.${raw.name}.measures.${measure.name}`,
    label: measure.label,
    system: false,
    readOnly: true,
    required: false,
    inputRule: false,
    unique: false,
    column: true,
    sortable: true,
    widget: "number",
    inForm: false,
  }));
  return [...dims, ...measures];
}

function reportOf(raw: RawResource): ReportModel {
  const report = raw.report!;
  return {
    source: report.source,
    dateField: report.dateField,
    dimensions: report.dimensions,
    measures: report.measures.map((m) => ({
      name: m.name,
      agg: m.agg,
      field: m.field,
      labelKey: `resource.${raw.name}.measures.${m.name}`,
      label: m.label,
    })),
  };
}

function actionsOf(
  raw: RawResource,
  file: YamlSource,
  fieldNames: ReadonlySet<string>,
  sink: ProblemSink,
): ActionModel[] {
  return Object.entries(raw.actions ?? {}).map(([name, action]) => {
    const fileAction = fileActionOf(raw.name, name, action, file, fieldNames, sink);
    return {
      name,
      endpoint: fileAction?.endpoint ?? parseEndpoint(action.endpoint ?? "POST /"),
      titleKey: `resource.${raw.name}.actions.${name}`,
      title: action.title,
      scope: action.scope ?? "row",
      confirmKey: action.confirm ? `resource.${raw.name}.confirm.${name}` : undefined,
      confirm: action.confirm,
      when: action.when,
      set: action.set,
      stamp: action.stamp,
      handler: action.handler,
      kind: fileAction?.kind ?? "call",
      ...(fileAction?.call ? { call: fileAction.call } : {}),
      ...(fileAction?.params ? { params: fileAction.params } : {}),
      ...(fileAction?.fixed ? { fixed: fileAction.fixed } : {}),
      ...(fileAction?.upload ? { upload: fileAction.upload } : {}),
    };
  });
}

function ruleOwnedOf(raw: RawResource): ResourceModel["ruleOwned"] {
  const owned = raw.ruleOwned;
  if (!owned) return undefined;
  const { calls = [], fields = [], through } = owned;
  return { calls, fields, ...(owned.while ? { while: owned.while } : {}), through };
}

export function normalizeResource(
  raw: RawResource,
  file: YamlSource,
  resources: ReadonlyMap<string, RawResource>,
  enums: ReadonlyMap<string, EnumModel>,
  sink: ProblemSink,
): UnboundResource {
  const names = new Set(resources.keys());
  const report = raw.report ? reportOf(raw) : undefined;
  const fields = report
    ? reportFields(raw, resources.get(report.source))
    : normalizeFields(raw, file, enums, names, sink);
  const fieldNames = new Set(fields.map((f) => f.name));
  const firstString = fields.find((f) => f.type === "string" && !f.system)?.name;
  const defaultSort: ResourceModel["defaultSort"] = raw.defaultSort
    ? { field: raw.defaultSort.replace(/^-/, ""), order: raw.defaultSort.startsWith("-") ? "desc" : "asc" }
    : report
      ? { field: report.dimensions[0], order: "asc" }
      : DEFAULT_PAGE_SORT;
  return {
    name: raw.name,
    sourceFile: file.file,
    typeName: pascalCase(raw.name),
    titleKey: `resource.${raw.name}.title`,
    title: raw.title,
    api: raw.api,
    kind: report ? "report" : "entity",
    endpoints: endpointsOf(raw),
    paged: raw.singleton || raw.report ? false : (raw.paged ?? true),
    singleton: raw.singleton ?? false,
    labelField: raw.labelField ?? firstString ?? "id",
    defaultSort,
    tree: raw.tree && { parentField: raw.tree.parentField, childrenKey: raw.tree.childrenKey ?? DEFAULT_CHILDREN_KEY },
    report,
    ...(raw.projection ? { projection: raw.projection } : {}),
    ...(raw.dealerField ? { dealerField: raw.dealerField } : {}),
    fields,
    actions: actionsOf(raw, file, fieldNames, sink),
    onCreate: raw.onCreate && { handler: raw.onCreate.handler },
    ruleOwned: ruleOwnedOf(raw),
    gallery: galleryOf(raw, file, fieldNames, sink),
    seedRows: raw.singleton ? 1 : (raw.seed?.rows ?? (raw.report || raw.projection ? 0 : DEFAULT_SEED_ROWS)),
  };
}
