// The normalized model: one readonly tree with every default resolved.
// normalize/ builds it from the validated manifest; emit/ reads nothing else.

import type {
  FieldDefault,
  FieldFormat,
  FieldType,
  FilterKind,
  HttpMethod,
  ResourceEndpointName,
  SortOrder,
  StampKind,
  View,
  Widget,
} from "../../schema/contract/vocabulary";
import type { GalleryConfig } from "../../schema/contract/screen-config";

export type Language = "zh" | "en" | "es" | "ja";
export type Translated = Readonly<Record<Language, string>>;

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
}

export interface FieldModel {
  readonly name: string;
  readonly type: FieldType;
  readonly format?: FieldFormat;
  readonly labelKey: string;
  readonly label: Translated;
  /** id, created_at, updated_at: added by normalize, never written by clients. */
  readonly system: boolean;
  readonly readOnly: boolean;
  readonly required: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: FieldDefault;
  readonly enumName?: string;
  readonly enumValues?: readonly string[];
  readonly ref?: string;
  /**
   * x-ref-where: the referred record's field (key) must equal this record's field (value).
   * The form narrows the options by it; the server refuses records that break it.
   */
  readonly refWhere?: Readonly<Record<string, string>>;
  /** A multi-value field (type array of ids or region codes): `type` is each value's, stored in `link.table`. */
  readonly link?: LinkModel;
  /** An array of objects (items type object): rows of their own fields, stored as JSON in the record's column. */
  readonly rows?: RowsModel;
  /** spec §5 shared input rule */
  readonly inputRule: boolean;
  readonly unique: boolean;
  /** x-stamp: the server fills this readOnly field on create. */
  readonly stamp?: StampKind;
  readonly column: boolean;
  readonly filter?: FilterKind;
  readonly sortable: boolean;
  readonly widget: Widget;
  readonly inForm: boolean;
  readonly width?: number;
  /** x-ui regionLevel as a depth (1 province, 2 city, 3 district), for widget region. */
  readonly regionDepth?: 1 | 2 | 3;
  /** x-ui progress: shown as a bar of this field against `of`, live while the record matches `while`. */
  readonly progress?: {
    readonly of: string;
    readonly while?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  };
}

/** The rows of an array-of-objects field: each row's fields (no system fields) and how many rows a record holds. */
export interface RowsModel {
  readonly fields: readonly FieldModel[];
  readonly minItems?: number;
  readonly maxItems: number;
}

/** The join table of a multi-value field: one row per (record, value), in the order given. */
export interface LinkModel {
  readonly table: string;
  readonly itemType: "integer" | "string";
  /** The resource whose ids the values are; absent for region codes (widget region). */
  readonly ref?: string;
  /** A string value's pattern. */
  readonly pattern?: string;
}

export interface ActionModel {
  readonly name: string;
  readonly endpoint: Endpoint;
  readonly titleKey: string;
  readonly title: Translated;
  readonly scope: "row" | "collection";
  readonly confirmKey?: string;
  readonly confirm?: Translated;
  readonly when?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  readonly set?: Readonly<Record<string, string | number | boolean>>;
  /** readOnly fields the action fills with who/when it happened, in the same write as `set`. */
  readonly stamp?: Readonly<Record<string, StampKind>>;
  readonly handler?: string;
  /** call (an endpoint of its own), or a file action making a contract call (manifest `call`). */
  readonly kind: "call" | "download" | "upload";
  /** The contract call a download or upload makes (schema/contract/calls.ts); the server registers nothing for it. */
  readonly call?: string;
  /** A download's inputs from the record: {<input>: <field>}. */
  readonly params?: Readonly<Record<string, string>>;
  /** A download's inputs with fixed values ({format: xlsx}). */
  readonly fixed?: Readonly<Record<string, string | number | boolean>>;
  /** An upload's file types, its form's fields and its switches (i18n keys of their labels). */
  readonly upload?: {
    readonly accept: readonly string[];
    readonly fields: readonly string[];
    /** The form's fields the call goes without (not in its input's required). */
    readonly optional?: readonly string[];
    readonly options: readonly { readonly name: string; readonly labelKey: string; readonly label: Translated }[];
  };
}

export interface MeasureModel {
  readonly name: string;
  readonly agg: "count" | "sum" | "avg" | "min" | "max";
  readonly field?: string;
  readonly labelKey: string;
  readonly label: Translated;
}

export interface ReportModel {
  readonly source: string;
  readonly dateField?: string;
  readonly dimensions: readonly string[];
  readonly measures: readonly MeasureModel[];
}

export type ResourceEndpoints = Readonly<Partial<Record<ResourceEndpointName, Endpoint>>>;

/** Where one view of a resource is routed, and who may open it. */
export interface ViewRoute {
  readonly view: View;
  readonly menu: string;
  readonly path: string;
  readonly roles: readonly string[];
}

/** manifest gallery: a record's files through contract calls, resolved to their paths and parameters. */
export type GalleryModel = GalleryConfig;

export interface ResourceModel {
  readonly name: string;
  readonly sourceFile: string;
  readonly typeName: string;
  readonly titleKey: string;
  readonly title: Translated;
  readonly api: string;
  readonly kind: "entity" | "report";
  readonly endpoints: ResourceEndpoints;
  readonly paged: boolean;
  readonly singleton: boolean;
  readonly labelField: string;
  readonly defaultSort: { readonly field: string; readonly order: SortOrder };
  readonly tree?: { readonly parentField: string; readonly childrenKey: string };
  readonly report?: ReportModel;
  /** manifest projection: rows come from the server's ledger view of that name (no table, no seed). */
  readonly projection?: string;
  /** manifest dealerField: the field naming the dealer each row belongs to; a dealer's caller reads only its rows. */
  readonly dealerField?: string;
  /** System fields first (id), then the manifest's, then created_at/updated_at. Reports: dimensions then measures. */
  readonly fields: readonly FieldModel[];
  readonly actions: readonly ActionModel[];
  /** manifest onCreate: the server rule a create runs (mock-server/domain/<subject>/<handler>.ts). */
  readonly onCreate?: { readonly handler: string };
  /** manifest ruleOwned: generic calls (or update fields) the server refuses, owned by the `through` rule calls. */
  readonly ruleOwned?: {
    readonly calls: readonly ("create" | "update" | "delete")[];
    readonly fields: readonly string[];
    readonly while?: string;
    readonly through: readonly string[];
  };
  readonly gallery?: GalleryModel;
  readonly seedRows: number;
  /** The refine resource (menu name) that owns the routes of this resource's views. */
  readonly primaryMenu?: string;
  readonly views: readonly ViewRoute[];
  /** Permission: menu keys that may list and read it. */
  readonly readRoles: readonly string[];
  /** Permission: button codes per write (create, edit, delete, export or an action name). */
  readonly writeRoles: Readonly<Record<string, readonly string[]>>;
  /** Resources whose fields refer to this one: their readers may read its options. */
  readonly referencedBy: readonly string[];
  /** Permission: menu keys that may read its options (normalize/option-roles.ts). */
  readonly optionRoles: readonly string[];
}

export interface ButtonModel {
  readonly code: string;
  readonly action: string;
  readonly menu: string;
  readonly titleKey: string;
  readonly title: Translated;
}

export type ScreenKind = "crud" | "query" | "tree" | "report" | "form" | "station" | "lookup" | "override";

/** A scanning station: the resource's call each scan makes, with every default filled. */
export interface StationModel {
  /** create, or one of the resource's actions. */
  readonly call: string;
  readonly setup: readonly string[];
  /** One step (every scan calls), or two: the first opens a unit, the second fills it. */
  readonly steps: readonly { readonly field: string; readonly opens: boolean }[];
  /** A contract call answering a unit's fill. */
  readonly capacity?: string;
  readonly undo?: {
    readonly resource: string;
    readonly code: string;
    readonly parent?: string;
    readonly reason?: string;
  };
  /**
   * A row action of another resource finishing the record the setup field `id` names; `button` is
   * that resource's screen's button for it when the station offers that one instead of its own.
   */
  readonly finish?: {
    readonly resource: string;
    readonly action: string;
    readonly id: string;
    readonly button?: string;
  };
  /** Children first: the call's input receiving the codes held so far. */
  readonly hold?: string;
}

/** A label of a lookup: a resource's field label, or the manifest's own text under `key`. */
export type LookupLabelModel =
  { readonly resource: string; readonly field: string } | { readonly key: string; readonly text: Translated };

/** A link of a lookup to another menu's screen (checked to exist and to have the view it opens). */
export interface LookupLinkModel {
  readonly screen: string;
  readonly id?: string;
  readonly filter?: Readonly<Record<string, string>>;
  readonly values?: Readonly<Record<string, string>>;
  readonly title?: LookupLabelModel;
  readonly testId?: string;
  /** JSON pointer of the link in the manifest, for a problem found once every menu is known. */
  readonly pointer: string;
}

export type LookupFormat = "text" | "enum" | "datetime" | "names" | "fill" | "tally";

export interface LookupFieldModel {
  readonly path: string;
  readonly label?: LookupLabelModel;
  readonly format: LookupFormat;
  readonly enum?: string;
  readonly tag: boolean;
  readonly optional: boolean;
  readonly link?: LookupLinkModel;
  readonly testId?: string;
}

export type LookupSectionKind = "descriptions" | "hierarchy" | "timeline" | "table" | "qr" | "links" | "alerts";

export interface LookupSectionModel {
  readonly kind: LookupSectionKind;
  readonly path?: string;
  readonly title?: LookupLabelModel;
  readonly empty?: LookupLabelModel;
  readonly width: "full" | "half";
  readonly testId?: string;
  readonly fields: readonly LookupFieldModel[];
  readonly columns: readonly LookupFieldModel[];
  readonly message?: LookupFieldModel;
  readonly where?: Readonly<Record<string, readonly string[]>>;
  readonly link?: LookupLinkModel;
  readonly links: readonly LookupLinkModel[];
  readonly scans?: string;
}

/** A lookup screen: the contract call a searched code is sent to and the sections of its answer. */
export interface LookupModel {
  readonly call: string;
  /** The call's input the code fills, and the address's query key. */
  readonly param: string;
  readonly locate?: string;
  readonly list: boolean;
  readonly download?: { readonly call: string; readonly file: string; readonly title: LookupLabelModel };
  readonly sections: readonly LookupSectionModel[];
}

export interface ScreenModel {
  readonly kind: ScreenKind;
  readonly resource?: string;
  /** Override and station screens: further resources the screen reads and writes under this menu's role and buttons. */
  readonly uses: readonly string[];
  readonly component?: string;
  readonly views: readonly View[];
  readonly station?: StationModel;
  readonly lookup?: LookupModel;
}

export interface MenuModel {
  readonly name: string;
  readonly specName?: string;
  readonly sourcePointer: string;
  /** The path as the manifest writes it. */
  readonly path: string;
  readonly fullPath: string;
  readonly titleKey: string;
  readonly title: Translated;
  /** The sidebar's title where the manifest gives a short one: every language, the full title where it gives none. */
  readonly shortTitle?: { readonly key: string; readonly text: Translated };
  readonly icon?: string;
  readonly hidden: boolean;
  readonly noCache: boolean;
  readonly affix: boolean;
  readonly alwaysShow: boolean;
  readonly activeMenu?: string;
  readonly redirect?: string;
  readonly link?: string;
  /** Role keys that open it: its own name, or none when `open` (spec: 重码查询). Groups also list their descendants'. */
  readonly roles: readonly string[];
  readonly parent?: string;
  readonly depth: number;
  readonly screen?: ScreenModel;
  readonly buttons: readonly ButtonModel[];
  readonly children: readonly MenuModel[];
}

/** A tag colour by meaning (manifest enums' `color`). */
export type EnumColor = "success" | "processing" | "default" | "warning" | "error";

export interface EnumModel {
  readonly name: string;
  readonly values: readonly {
    readonly value: string;
    readonly labelKey: string;
    readonly label: Translated;
    readonly color?: EnumColor;
  }[];
}

export interface Model {
  readonly manifestFile: string;
  readonly title: string;
  readonly languages: readonly Language[];
  readonly enums: readonly EnumModel[];
  readonly menu: MenuModel;
  /** Every menu node in manifest (pre-)order. */
  readonly menus: readonly MenuModel[];
  /** Sorted by name. */
  readonly resources: readonly ResourceModel[];
  readonly buttons: readonly ButtonModel[];
}
