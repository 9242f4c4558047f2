// mock-server/generated/contract.gen.ts: tables, routes, schemas, permissions and the menu tree, for the server.
import type {
  ContractColumn,
  ContractExportColumn,
  ContractMenuNode,
  ContractResource,
  ServerContract,
} from "../../schema/contract/server-contract";
import type { FieldModel, MenuModel, Model, ResourceModel } from "../model/model";
import { banner, SERVER_OUT, type GeneratedFile } from "./generated-file";
import { inputSchema, recordSchema } from "./json-schemas";

const SQL_TYPE = { string: "TEXT", integer: "INTEGER", number: "REAL", boolean: "INTEGER" } as const;

function column(field: FieldModel): ContractColumn {
  return {
    name: field.name,
    sqlType: SQL_TYPE[field.type],
    type: field.type,
    ...(field.format ? { format: field.format } : {}),
    required: field.required,
    unique: field.unique,
    system: field.system,
    readOnly: field.readOnly,
    ...(field.ref ? { ref: field.ref } : {}),
    ...(field.refWhere ? { refWhere: field.refWhere } : {}),
    ...(field.link ? { link: { table: field.link.table, ...(field.link.ref ? { ref: field.link.ref } : {}) } } : {}),
    ...(field.rows ? { json: true as const } : {}),
    ...(field.enumValues ? { enumValues: field.enumValues } : {}),
    inputRule: field.inputRule,
    ...(field.stamp ? { stamp: field.stamp } : {}),
    widget: field.widget,
    ...(field.filter ? { filter: field.filter } : {}),
    sortable: field.sortable,
    ...(field.minimum !== undefined ? { minimum: field.minimum } : {}),
    ...(field.maximum !== undefined ? { maximum: field.maximum } : {}),
    ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
    ...(field.pattern !== undefined ? { pattern: field.pattern } : {}),
    ...(field.default !== undefined ? { default: field.default } : {}),
  };
}

/** Whether the server exports the resource's list: some menu gives it an export button, and it is a stored entity with a GET list. */
export function hasServerExport(resource: ResourceModel): boolean {
  return Boolean(
    resource.writeRoles.export?.length &&
    resource.endpoints.list?.method === "GET" &&
    resource.kind === "entity" &&
    !resource.projection,
  );
}

/** The list's columns as an export writes them. */
function exportOf(resource: ResourceModel, model: Model): ContractResource["export"] {
  if (!hasServerExport(resource)) return undefined;
  const columns = resource.fields
    .filter((field) => field.column)
    .map((field): ContractExportColumn => {
      const values = field.enumName ? model.enums.find((e) => e.name === field.enumName)?.values : undefined;
      return {
        name: field.name,
        label: field.label,
        ...(values ? { values: Object.fromEntries(values.map((v) => [v.value, v.label])) } : {}),
        ...(field.ref || field.link?.ref ? { ref: true } : {}),
      };
    });
  return { title: resource.title, columns };
}

function resourceContract(resource: ResourceModel, model: Model): ContractResource {
  const exported = exportOf(resource, model);
  return {
    name: resource.name,
    table: resource.name,
    title: resource.title.zh,
    kind: resource.kind,
    singleton: resource.singleton,
    paged: resource.paged,
    labelField: resource.labelField,
    defaultSort: resource.defaultSort,
    endpoints: resource.endpoints,
    columns: resource.fields.map(column),
    schemas: {
      create: inputSchema(resource, "create"),
      update: inputSchema(resource, "update"),
      record: recordSchema(resource),
    },
    // A download or upload makes a contract call with a route of its own; its roles stay in writeRoles.
    actions: resource.actions
      .filter((a) => a.kind === "call")
      .map((a) => ({
        name: a.name,
        endpoint: a.endpoint,
        scope: a.scope,
        ...(a.when ? { when: a.when } : {}),
        ...(a.set ? { set: a.set } : {}),
        ...(a.stamp ? { stamp: a.stamp } : {}),
        ...(a.handler ? { handler: a.handler } : {}),
        roles: resource.writeRoles[a.name] ?? [],
      })),
    ...(resource.onCreate ? { onCreate: resource.onCreate } : {}),
    ...(resource.ruleOwned ? { ruleOwned: resource.ruleOwned } : {}),
    ...(resource.tree ? { tree: resource.tree } : {}),
    ...(resource.report
      ? {
          report: {
            source: resource.report.source,
            ...(resource.report.dateField ? { dateField: resource.report.dateField } : {}),
            dimensions: resource.report.dimensions,
            measures: resource.report.measures.map((m) => ({
              name: m.name,
              agg: m.agg,
              ...(m.field ? { field: m.field } : {}),
            })),
          },
        }
      : {}),
    ...(resource.projection ? { projection: resource.projection } : {}),
    ...(resource.dealerField ? { dealerField: resource.dealerField } : {}),
    ...(exported ? { export: exported } : {}),
    readRoles: resource.readRoles,
    writeRoles: resource.writeRoles,
    optionRoles: resource.optionRoles,
    seedRows: resource.seedRows,
  };
}

function menuNode(menu: MenuModel): ContractMenuNode {
  return {
    menu_key: menu.name,
    menu_name: menu.title.zh,
    path: menu.fullPath,
    hidden: menu.hidden,
    open: menu.roles.length === 0,
    buttons: menu.buttons.map((b) => ({ menu_button_code: b.code, menu_button_name: b.title.zh, action: b.action })),
    children: menu.children.map(menuNode),
  };
}

export function emitServer(model: Model): GeneratedFile[] {
  const contract: ServerContract = {
    title: model.title,
    enums: Object.fromEntries(model.enums.map((e) => [e.name, e.values.map((v) => v.value)])),
    resources: model.resources.map((resource) => resourceContract(resource, model)),
    menuTree: menuNode(model.menu),
  };
  const json = {
    $comment: banner(model.manifestFile)
      .trim()
      .replace(/^\/\/ /gm, ""),
    ...contract,
  };
  const wrapper = `${banner(model.manifestFile)}
import type { ServerContract } from "../../schema/contract/server-contract";
import data from "./contract.gen.json" with { type: "json" };

/** The contract as data; its shape is checked where it is built (generator/emit/emit-server.ts). */
export const contract = data as unknown as ServerContract;
`;
  return [
    { path: `${SERVER_OUT}/contract.gen.json`, content: `${JSON.stringify(json, null, 2)}\n` },
    { path: `${SERVER_OUT}/contract.gen.ts`, content: wrapper },
  ];
}
