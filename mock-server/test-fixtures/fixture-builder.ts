// Builds contract objects for tests the way the generator's normalize step would:
// defaults filled, schemas derived from the columns.
import type {
  ContractAction,
  ContractColumn,
  ContractEndpoint,
  ContractMenuNode,
  ContractResource,
  JsonSchema,
} from "../../schema/contract/server-contract";

type ColumnType = ContractColumn["type"];
const SQL_TYPE: Record<ColumnType, ContractColumn["sqlType"]> = {
  string: "TEXT",
  integer: "INTEGER",
  number: "REAL",
  boolean: "INTEGER",
};

export function col(name: string, type: ColumnType, extra: Partial<ContractColumn> = {}): ContractColumn {
  return {
    name,
    type,
    sqlType: SQL_TYPE[type],
    required: false,
    unique: false,
    system: false,
    readOnly: false,
    inputRule: false,
    widget: type === "boolean" ? "switch" : type === "string" ? "input" : "number",
    sortable: false,
    ...extra,
  };
}

const SYSTEM_HEAD = [col("id", "integer", { system: true, readOnly: true, sortable: true })];
const SYSTEM_TAIL = [
  col("created_at", "string", { system: true, readOnly: true, format: "date-time", sortable: true, filter: "range" }),
  col("updated_at", "string", { system: true, readOnly: true, format: "date-time" }),
];

function propertySchema(column: ContractColumn): JsonSchema {
  const schema: Record<string, unknown> = { type: column.type };
  if (column.format) schema.format = column.format;
  if (column.maxLength !== undefined) schema.maxLength = column.maxLength;
  if (column.minimum !== undefined) schema.minimum = column.minimum;
  if (column.maximum !== undefined) schema.maximum = column.maximum;
  if (column.pattern) schema.pattern = column.pattern;
  if (column.enumValues) schema.enum = column.enumValues;
  if (column.ref) schema.minimum = 1;
  if (column.inputRule) {
    schema.pattern = "^[A-Za-z0-9_\\-~`.@#$^&*()+￥]*$";
    schema["x-input-rule"] = true;
  }
  return schema;
}

function schemasFor(columns: readonly ContractColumn[], singleton: boolean): ContractResource["schemas"] {
  const writable = columns.filter((column) => !column.system && !column.readOnly);
  const properties = Object.fromEntries(writable.map((column) => [column.name, propertySchema(column)]));
  const required = writable.filter((column) => column.required).map((column) => column.name);
  const visible = columns.filter((column) => column.widget !== "password");
  return {
    create: { type: "object", additionalProperties: false, required, properties },
    update: {
      type: "object",
      additionalProperties: false,
      required: singleton ? [] : ["id"],
      properties: singleton ? properties : { id: { type: "integer", minimum: 1 }, ...properties },
    },
    record: {
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(visible.map((column) => [column.name, propertySchema(column)])),
    },
  };
}

const endpoint = (text: string): ContractEndpoint => {
  const [method, path] = text.split(" ");
  return { method: method as ContractEndpoint["method"], path: path };
};

export interface EntitySpec {
  name: string;
  api: string;
  columns: ContractColumn[];
  endpoints?: Partial<Record<keyof ContractResource["endpoints"], string | null>>;
  readRoles: string[];
  writeRoles?: Record<string, string[]>;
  optionRoles?: string[];
  paged?: boolean;
  singleton?: boolean;
  labelField?: string;
  defaultSort?: string;
  tree?: { parentField: string; childrenKey: string };
  actions?: ContractAction[];
  report?: ContractResource["report"];
  seedRows?: number;
}

export function entity(spec: EntitySpec): ContractResource {
  const columns = spec.report ? spec.columns : [...SYSTEM_HEAD, ...spec.columns, ...SYSTEM_TAIL];
  const defaults: Record<string, string> = spec.singleton
    ? { detail: `GET ${spec.api}/detail`, update: `POST ${spec.api}/update` }
    : spec.report
      ? { list: `GET ${spec.api}/pagelist` }
      : {
          list: `GET ${spec.api}/pagelist`,
          detail: `GET ${spec.api}/detail`,
          create: `POST ${spec.api}/add`,
          update: `POST ${spec.api}/update`,
          delete: `POST ${spec.api}/delete`,
          options: `GET ${spec.api}/options`,
        };
  const merged = { ...defaults, ...spec.endpoints };
  const endpoints = Object.fromEntries(
    Object.entries(merged)
      .filter((entry): entry is [string, string] => typeof entry[1] === "string")
      .map(([key, value]) => [key, endpoint(value)]),
  );
  const sort = spec.defaultSort ?? "-id";
  return {
    name: spec.name,
    table: spec.name,
    title: spec.name,
    kind: spec.report ? "report" : "entity",
    singleton: spec.singleton ?? false,
    paged: spec.paged ?? true,
    labelField: spec.labelField ?? columns.find((column) => column.type === "string" && !column.system)?.name ?? "id",
    defaultSort: { field: sort.replace(/^-/, ""), order: sort.startsWith("-") ? "desc" : "asc" },
    endpoints,
    columns,
    schemas: schemasFor(columns, spec.singleton ?? false),
    actions: spec.actions ?? [],
    tree: spec.tree,
    report: spec.report,
    readRoles: spec.readRoles,
    writeRoles: spec.writeRoles ?? {},
    optionRoles: spec.optionRoles ?? [],
    seedRows: spec.seedRows ?? 20,
  };
}

export function action(name: string, path: string, extra: Partial<ContractAction> = {}): ContractAction {
  return { name, endpoint: endpoint(`POST ${path}`), scope: "row", roles: [], ...extra };
}

export function menu(
  key: string,
  path: string,
  extra: { buttons?: [string, string][]; children?: ContractMenuNode[]; open?: boolean; hidden?: boolean } = {},
): ContractMenuNode {
  return {
    menu_key: key,
    menu_name: key,
    path,
    hidden: extra.hidden ?? false,
    open: extra.open ?? false,
    buttons: (extra.buttons ?? []).map(([code, act]) => ({
      menu_button_code: code,
      menu_button_name: code,
      action: act,
    })),
    children: extra.children ?? [],
  };
}
