// One resource with its endpoints, fields, actions, tree and report resolved. Views and roles come later (bind-screens).
import type { YamlSource } from "../load/yaml-source";
import type {
  ActionModel,
  Endpoint,
  EnumModel,
  FieldModel,
  ReportModel,
  ResourceEndpoints,
  ResourceModel,
} from "../model/model";
import type { HttpMethod, ResourceEndpointName } from "../../schema/contract/vocabulary";
import { parseEndpoint, pascalCase, type ProblemSink } from "./context";
import { DEFAULT_CHILDREN_KEY, DEFAULT_ENDPOINT_SUFFIX, DEFAULT_PAGE_SORT, DEFAULT_SEED_ROWS } from "./defaults";
import { normalizeFields, REGION_DEPTHS } from "./normalize-fields";
import type { RawResource } from "../../schema/contract/manifest.gen";
import { fileActionOf } from "./file-actions";
import { checkRefWhere } from "./ref-where";
import { ruleOwnedOf } from "./rule-owned";
import { galleryOf } from "./gallery";
import { checkStamps } from "./stamps";

export type UnboundResource = Omit<
  ResourceModel,
  "views" | "readRoles" | "writeRoles" | "referencedBy" | "optionRoles" | "primaryMenu"
>;

function endpointsOf(raw: RawResource): ResourceEndpoints {
  const defaults: Partial<Record<ResourceEndpointName, readonly [string, string]>> = raw.report
    ? { list: DEFAULT_ENDPOINT_SUFFIX.report }
    : raw.projection
      ? {}
      : raw.singleton
        ? { detail: DEFAULT_ENDPOINT_SUFFIX.detail, update: DEFAULT_ENDPOINT_SUFFIX.update }
        : {
            list: DEFAULT_ENDPOINT_SUFFIX.list,
            detail: DEFAULT_ENDPOINT_SUFFIX.detail,
            create: DEFAULT_ENDPOINT_SUFFIX.create,
            update: DEFAULT_ENDPOINT_SUFFIX.update,
            delete: DEFAULT_ENDPOINT_SUFFIX.delete,
            options: DEFAULT_ENDPOINT_SUFFIX.options,
            ...(raw.tree ? { tree: DEFAULT_ENDPOINT_SUFFIX.tree } : {}),
          };
  const result: Partial<Record<ResourceEndpointName, Endpoint>> = {};
  for (const [name, [method, suffix]] of Object.entries(defaults) as [
    ResourceEndpointName,
    readonly [string, string],
  ][]) {
    result[name] = { method: method as HttpMethod, path: `${raw.api}/${suffix}` };
  }
  for (const [name, value] of Object.entries(raw.endpoints ?? {}) as [ResourceEndpointName, string | null][]) {
    if (value === null) delete result[name];
    else result[name] = parseEndpoint(value);
  }
  return result;
}

function reportFields(raw: RawResource, source: RawResource | undefined): FieldModel[] {
  const report = raw.report!;
  const dims = report.dimensions.flatMap((name): FieldModel[] => {
    const field = source?.fields?.[name];
    if (!field) return [];
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

function checkReport(
  raw: RawResource,
  file: YamlSource,
  resources: ReadonlyMap<string, RawResource>,
  sink: ProblemSink,
): ReportModel {
  const report = raw.report!;
  const source = resources.get(report.source);
  if (!source) sink.add(file, "/report/source", `resource '${report.source}' does not exist in schema/resources/`);
  else if (source.report)
    sink.add(
      file,
      "/report/source",
      `a report's source must be a resource with a table, not the report '${source.name}'`,
    );
  const has = (name: string) => !source || Boolean(source.fields?.[name]);
  report.dimensions.forEach((name, index) => {
    if (!has(name))
      sink.add(file, `/report/dimensions/${index}`, `field '${name}' does not exist in resource '${report.source}'`);
  });
  if (report.dateField && !has(report.dateField))
    sink.add(file, "/report/dateField", `field '${report.dateField}' does not exist in resource '${report.source}'`);
  report.measures.forEach((measure, index) => {
    if (measure.agg !== "count" && !measure.field)
      sink.add(file, `/report/measures/${index}`, `a ${measure.agg} measure needs 'field'`);
    if (measure.field && !has(measure.field))
      sink.add(
        file,
        `/report/measures/${index}/field`,
        `field '${measure.field}' does not exist in resource '${report.source}'`,
      );
    const type = measure.field ? source?.fields?.[measure.field]?.type : undefined;
    if (measure.agg !== "count" && type && type !== "integer" && type !== "number")
      sink.add(
        file,
        `/report/measures/${index}/field`,
        `a ${measure.agg} needs a number field; '${measure.field}' is ${type}`,
      );
  });
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
    for (const key of ["when", "set"] as const) {
      for (const field of Object.keys(action[key] ?? {})) {
        if (!fieldNames.has(field))
          sink.add(
            file,
            `/actions/${name}/${key}/${field}`,
            `field '${field}' does not exist in resource '${raw.name}'`,
            true,
          );
      }
    }
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

/** manifest onCreate: only a resource the API can create records of has a create to run it in. */
function onCreateOf(raw: RawResource, file: YamlSource, sink: ProblemSink): ResourceModel["onCreate"] {
  if (!raw.onCreate) return undefined;
  if (!endpointsOf(raw).create)
    sink.add(
      file,
      "/onCreate",
      `resource '${raw.name}' has no create call (${raw.report ? "a report" : raw.singleton ? "a singleton" : "endpoints.create is null"}), so onCreate would never run`,
    );
  return { handler: raw.onCreate.handler };
}

export function normalizeResource(
  raw: RawResource,
  file: YamlSource,
  resources: ReadonlyMap<string, RawResource>,
  enums: ReadonlyMap<string, EnumModel>,
  sink: ProblemSink,
): UnboundResource {
  const names = new Set(resources.keys());
  if (raw.report && raw.fields)
    sink.add(
      file,
      "/fields",
      `a report resource takes its columns from its dimensions and measures; remove 'fields'`,
      true,
    );
  if (raw.projection && (raw.report || raw.tree || raw.singleton || raw.onCreate || raw.actions || raw.ruleOwned))
    sink.add(
      file,
      "/projection",
      `a projection is a read-only view of the ledger: it takes no report, tree, singleton, onCreate, actions or ruleOwned`,
      true,
    );
  if (raw.report && raw.tree) sink.add(file, "/tree", `a resource is either a report or a tree, not both`, true);
  if (!raw.report && !raw.fields) sink.add(file, "", `missing required property 'fields'`);
  const report = raw.report ? checkReport(raw, file, resources, sink) : undefined;
  const fields = report
    ? reportFields(raw, resources.get(report.source))
    : normalizeFields(raw, file, enums, names, sink);
  if (!report) checkRefWhere(raw, file, resources, sink);
  checkStamps(raw, file, sink);
  const fieldNames = new Set(fields.map((f) => f.name));
  const firstString = fields.find((f) => f.type === "string" && !f.system)?.name;
  const labelField = raw.labelField ?? firstString ?? "id";
  if (raw.labelField && !fieldNames.has(raw.labelField))
    sink.add(file, "/labelField", `field '${raw.labelField}' does not exist`);
  let defaultSort: ResourceModel["defaultSort"] = report
    ? { field: report.dimensions[0], order: "asc" }
    : DEFAULT_PAGE_SORT;
  if (raw.defaultSort) {
    const field = raw.defaultSort.replace(/^-/, "");
    if (!fieldNames.has(field)) sink.add(file, "/defaultSort", `field '${field}' does not exist`);
    defaultSort = { field, order: raw.defaultSort.startsWith("-") ? "desc" : "asc" };
  }
  let tree: ResourceModel["tree"];
  if (raw.tree) {
    const parent = raw.fields?.[raw.tree.parentField];
    if (!parent) sink.add(file, "/tree/parentField", `field '${raw.tree.parentField}' does not exist`);
    else if (parent["x-ref"] !== raw.name)
      sink.add(file, "/tree/parentField", `the parent field must refer to '${raw.name}' itself (x-ref: ${raw.name})`);
    tree = { parentField: raw.tree.parentField, childrenKey: raw.tree.childrenKey ?? DEFAULT_CHILDREN_KEY };
  }
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
    labelField,
    defaultSort,
    tree,
    report,
    ...(raw.projection ? { projection: raw.projection } : {}),
    fields,
    actions: actionsOf(raw, file, fieldNames, sink),
    onCreate: onCreateOf(raw, file, sink),
    ruleOwned: ruleOwnedOf(raw, file, resources, endpointsOf(raw), sink),
    gallery: galleryOf(raw, file, fieldNames, sink),
    seedRows: raw.singleton ? 1 : (raw.seed?.rows ?? (raw.report || raw.projection ? 0 : DEFAULT_SEED_ROWS)),
  };
}
