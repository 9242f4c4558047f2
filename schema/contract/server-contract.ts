// What the generator hands the mock server (mock-server/generated/contract.gen.ts).
// The server builds its tables, routes, validation and permission tree from this alone.
import type {
  FieldDefault,
  FieldType,
  FilterKind,
  HttpMethod,
  ResourceEndpointName,
  SortOrder,
  StampKind,
} from "./vocabulary";

export interface ContractEndpoint {
  readonly method: HttpMethod;
  readonly path: string;
}

/** A JSON Schema (draft-07) object, as ajv and fastify take it. */
export type JsonSchema = { readonly [key: string]: unknown };

export interface ContractColumn {
  readonly name: string;
  readonly sqlType: "INTEGER" | "REAL" | "TEXT";
  readonly type: FieldType;
  readonly format?: string;
  readonly required: boolean;
  readonly unique: boolean;
  readonly system: boolean;
  readonly readOnly: boolean;
  readonly ref?: string;
  /**
   * manifest x-ref-where: {<column of the ref's resource>: <column of this resource>}. A write is
   * refused unless the referred row's columns equal this row's; the options call of the ref's
   * resource accepts those columns as narrowing parameters.
   */
  readonly refWhere?: Readonly<Record<string, string>>;
  /**
   * A multi-value field: no column of its own; its values (ids of `ref`, or region codes) are rows
   * (owner_id, value, position) of `table`, read and written with the record as an array.
   */
  readonly link?: { readonly table: string; readonly ref?: string };
  /** An array of objects (rows): stored as JSON text in its TEXT column, read and written as the array. */
  readonly json?: true;
  readonly enumValues?: readonly string[];
  readonly inputRule: boolean;
  /** manifest x-stamp: a create writes it (readOnly, so no client ever sends it). */
  readonly stamp?: StampKind;
  readonly widget: string;
  readonly filter?: FilterKind;
  readonly sortable: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  /** Value a create starts from when the client sends none (an array of objects: its rows). */
  readonly default?: FieldDefault;
}

/** A column of a list's server-side export: its header and enum labels in every language. */
export interface ContractExportColumn {
  readonly name: string;
  readonly label: Readonly<Record<string, string>>;
  /** An enum's value labels, value → language → text. */
  readonly values?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** A reference: the export shows the referred record's label. */
  readonly ref?: boolean;
}

export interface ContractAction {
  readonly name: string;
  readonly endpoint: ContractEndpoint;
  readonly scope: "row" | "collection";
  readonly when?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  readonly set?: Readonly<Record<string, string | number | boolean>>;
  /** Columns the action fills with who/when it ran, in the same write as `set`. */
  readonly stamp?: Readonly<Record<string, StampKind>>;
  readonly handler?: string;
  /** Button codes that allow it (admin passes regardless). */
  readonly roles: readonly string[];
}

export interface ContractReport {
  readonly source: string;
  readonly dateField?: string;
  readonly dimensions: readonly string[];
  readonly measures: readonly {
    readonly name: string;
    readonly agg: "count" | "sum" | "avg" | "min" | "max";
    readonly field?: string;
  }[];
}

export interface ContractResource {
  readonly name: string;
  /** SQL table name; equals name. */
  readonly table: string;
  readonly title: string;
  readonly kind: "entity" | "report";
  readonly singleton: boolean;
  readonly paged: boolean;
  readonly labelField: string;
  readonly defaultSort: { readonly field: string; readonly order: SortOrder };
  readonly endpoints: Readonly<Partial<Record<ResourceEndpointName, ContractEndpoint>>>;
  readonly columns: readonly ContractColumn[];
  readonly schemas: {
    /** Body of create: writable fields, `required` as declared, no unknown fields. */
    readonly create: JsonSchema;
    /** Body of update: id plus any writable fields. */
    readonly update: JsonSchema;
    /** A record as returned. */
    readonly record: JsonSchema;
  };
  readonly actions: readonly ContractAction[];
  /**
   * manifest onCreate: the create rule (mock-server/actions/registry.ts) a create runs in its
   * transaction; an unknown name stops the server at start-up.
   */
  readonly onCreate?: { readonly handler: string };
  /**
   * manifest ruleOwned: generic calls the server refuses (409 40903) because domain rules own them
   * (`through`: "resource.action" or "resource.create" of an onCreate rule). `fields`: only an
   * update that changes one of them is refused. `while`: a guard (mock-server/domain/rule-owned.ts)
   * that says whether the record is owned now, e.g. issued-codes for a code rule.
   */
  readonly ruleOwned?: {
    readonly calls: readonly ("create" | "update" | "delete")[];
    readonly fields: readonly string[];
    readonly while?: string;
    readonly through: readonly string[];
  };
  readonly tree?: { readonly parentField: string; readonly childrenKey: string };
  readonly report?: ContractReport;
  /**
   * manifest projection: the rows are the server's read-only view of that name over the ledger
   * (mock-server/domain/projections/); no table, no seed, no calls unless declared. An unknown
   * name stops the server at start-up.
   */
  readonly projection?: string;
  /**
   * manifest dealerField: the field naming the dealer each row belongs to. A caller who acts for a
   * dealer lists, reads and exports only that dealer's rows (mock-server/resources/dealer-rows.ts).
   */
  readonly dealerField?: string;
  /**
   * The list's export, when a menu gives the resource an export button: the list's
   * columns in order, with their labels, and the resource's title for the file name. The server
   * streams the filtered, sorted list as CSV or XLSX to holders of those button codes.
   */
  readonly export?: {
    readonly title: Readonly<Record<string, string>>;
    readonly columns: readonly ContractExportColumn[];
  };
  /** Menu keys that may list and read it. */
  readonly readRoles: readonly string[];
  /** Button codes per write: create, edit (update), delete, export. */
  readonly writeRoles: Readonly<Record<string, readonly string[]>>;
  /** Menu keys that may read its options (id + label), for the select boxes of referring resources. */
  readonly optionRoles: readonly string[];
  readonly seedRows: number;
}

export interface ContractButton {
  readonly menu_button_code: string;
  readonly menu_button_name: string;
  readonly action: string;
}

/** The menu-and-button tree the permission tables start from (spec §3, §6). */
export interface ContractMenuNode {
  readonly menu_key: string;
  readonly menu_name: string;
  readonly path: string;
  readonly hidden: boolean;
  /** No role key: every signed-in user may open it. */
  readonly open: boolean;
  readonly buttons: readonly ContractButton[];
  readonly children: readonly ContractMenuNode[];
}

export interface ServerContract {
  readonly title: string;
  readonly enums: Readonly<Record<string, readonly string[]>>;
  readonly resources: readonly ContractResource[];
  readonly menuTree: ContractMenuNode;
}
