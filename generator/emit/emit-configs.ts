// src/generated/configs/<resource>.gen.ts: what a resource's screens declare — fields, rules, buttons, actions, routes.
import type { FieldConfig, FieldRule, ScreenConfig } from "../../schema/contract/screen-config";
import type { FieldModel, Model, ResourceModel } from "../model/model";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";
import { literal } from "./print-literal";
import { configName } from "./screen-files";
import { hasServerExport } from "./emit-server";
import { exportPathOf } from "../../schema/contract/export-path";

function rulesOf(field: FieldModel): FieldRule[] {
  const rules: FieldRule[] = [];
  if (field.required) rules.push({ kind: "required" });
  if (field.type === "integer" && !field.link) rules.push({ kind: "integer" });
  if (field.minLength !== undefined) rules.push({ kind: "minLength", value: field.minLength });
  if (field.maxLength !== undefined) rules.push({ kind: "maxLength", value: field.maxLength });
  if (field.minimum !== undefined) rules.push({ kind: "minimum", value: field.minimum });
  if (field.maximum !== undefined) rules.push({ kind: "maximum", value: field.maximum });
  if (field.pattern !== undefined) rules.push({ kind: "pattern", pattern: field.pattern });
  if (field.format) rules.push({ kind: "format", format: field.format });
  if (field.inputRule) rules.push({ kind: "inputRule" });
  return rules;
}

function fieldConfig(field: FieldModel, model: Model): FieldConfig {
  const enumModel = field.enumName ? model.enums.find((e) => e.name === field.enumName) : undefined;
  const refName = field.ref ?? field.link?.ref;
  const ref = refName ? model.resources.find((r) => r.name === refName) : undefined;
  return {
    name: field.name,
    labelKey: field.labelKey,
    type: field.type,
    widget: field.widget,
    ...(field.format ? { format: field.format } : {}),
    column: field.column,
    ...(field.filter ? { filter: field.filter } : {}),
    sortable: field.sortable,
    ...(field.width ? { width: field.width } : {}),
    inForm: field.inForm,
    readOnly: field.readOnly || field.system,
    rules: rulesOf(field),
    ...(field.progress ? { progress: field.progress } : {}),
    ...(field.regionDepth ? { regionDepth: field.regionDepth } : {}),
    ...(field.link ? { multiple: true } : {}),
    ...(field.rows
      ? {
          rows: {
            fields: field.rows.fields.map((row) => fieldConfig(row, model)),
            ...(field.rows.minItems !== undefined ? { minItems: field.rows.minItems } : {}),
            maxItems: field.rows.maxItems,
          },
        }
      : {}),
    ...(field.default !== undefined ? { default: field.default } : {}),
    ...(enumModel
      ? {
          options: enumModel.values.map((v) => ({
            value: v.value,
            labelKey: v.labelKey,
            ...(v.color ? { color: v.color } : {}),
          })),
        }
      : {}),
    ...(ref?.endpoints.options
      ? {
          ref: {
            resource: ref.name,
            optionsPath: ref.endpoints.options.path,
            optionsMethod: ref.endpoints.options.method,
            ...(field.refWhere ? { where: field.refWhere } : {}),
          },
        }
      : {}),
  };
}

function configOf(model: Model, resource: ResourceModel): ScreenConfig {
  const route = (view: string) => resource.views.find((v) => v.view === view)?.path;
  const buttons = model.buttons.filter((b) => resource.readRoles.includes(b.menu));
  return {
    resource: resource.primaryMenu ?? resource.name,
    dataResource: resource.name,
    titleKey: resource.titleKey,
    fields: resource.fields.map((f) => fieldConfig(f, model)),
    buttons: buttons.map((b) => ({ code: b.code, action: b.action, titleKey: b.titleKey })),
    actions: resource.actions.map((a) => ({
      name: a.name,
      titleKey: a.titleKey,
      method: a.endpoint.method,
      path: a.endpoint.path,
      scope: a.scope,
      ...(a.confirmKey ? { confirmKey: a.confirmKey } : {}),
      ...(a.when ? { when: a.when } : {}),
      ...(a.kind !== "call" ? { kind: a.kind } : {}),
      ...(a.params ? { params: a.params } : {}),
      ...(a.fixed ? { fixed: a.fixed } : {}),
      ...(a.upload
        ? {
            upload: {
              accept: a.upload.accept,
              fields: a.upload.fields,
              ...(a.upload.optional ? { optional: a.upload.optional } : {}),
              options: a.upload.options.map((o) => ({ name: o.name, labelKey: o.labelKey })),
            },
          }
        : {}),
    })),
    paged: resource.paged,
    defaultSort: resource.defaultSort,
    labelField: resource.labelField,
    ...(hasServerExport(resource) && resource.endpoints.list
      ? { exportPath: exportPathOf(resource.endpoints.list.path) }
      : {}),
    routes: Object.fromEntries(["list", "create", "edit", "show"].flatMap((v) => (route(v) ? [[v, route(v)]] : []))),
    ...(resource.tree && resource.endpoints.tree
      ? { tree: { ...resource.tree, method: resource.endpoints.tree.method, path: resource.endpoints.tree.path } }
      : {}),
    ...(resource.gallery ? { gallery: resource.gallery } : {}),
    ...(resource.report
      ? {
          report: {
            ...(resource.report.dateField ? { dateField: resource.report.dateField } : {}),
            dimensions: resource.report.dimensions,
            measures: resource.report.measures.map((m) => ({ name: m.name, labelKey: m.labelKey })),
          },
        }
      : {}),
  };
}

export function emitConfigs(model: Model): GeneratedFile[] {
  return model.resources
    .filter((resource) => resource.views.length > 0 || resource.primaryMenu)
    .map((resource) => ({
      path: `${SRC_OUT}/configs/${resource.name}.gen.ts`,
      content: `${banner(model.manifestFile)}
import type { ScreenConfig } from "../../../schema/contract/screen-config";

export const ${configName(resource.name)}: ScreenConfig = ${literal(configOf(model, resource))};
`,
    }));
}
