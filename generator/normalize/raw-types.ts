// The manifest as it reads once it has passed schema/manifest.schema.json.
import type { Translated } from "../model/model";
import type { FieldFormat, FilterKind, StampKind, View, Widget } from "../../schema/contract/vocabulary";

export interface RawButton {
  code: string;
  action: string;
  title?: Translated;
}

export interface RawScreen {
  kind: "crud" | "query" | "tree" | "report" | "form" | "override";
  resource?: string;
  views?: View[];
  component?: string;
  uses?: string[];
}

export interface RawMenu {
  name: string;
  specName?: string;
  path: string;
  title: Translated;
  icon?: string;
  hidden?: boolean;
  noCache?: boolean;
  affix?: boolean;
  alwaysShow?: boolean;
  activeMenu?: string;
  redirect?: string;
  link?: string;
  open?: boolean;
  screen?: RawScreen;
  buttons?: RawButton[];
  children?: RawMenu[];
}

export interface RawManifest {
  manifestVersion: 1;
  app: { title: string; languages: ("zh" | "en" | "es" | "ja")[] };
  enums: Record<string, Record<string, Translated>>;
  menu: RawMenu;
}

export interface RawField {
  type: "string" | "integer" | "number" | "boolean";
  description?: string;
  format?: FieldFormat;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  default?: string | number | boolean;
  readOnly?: boolean;
  "x-enum"?: string;
  "x-ref"?: string;
  /** {<field of the referred resource>: <field of this resource>} */
  "x-ref-where"?: Record<string, string>;
  "x-input-rule"?: boolean;
  "x-unique"?: boolean;
  "x-stamp"?: StampKind;
  "x-ui": {
    label: Translated;
    column?: boolean;
    filter?: FilterKind;
    sortable?: boolean;
    widget?: Widget;
    form?: boolean;
    width?: number;
  };
}

export interface RawAction {
  endpoint: string;
  title: Translated;
  scope?: "row" | "collection";
  confirm?: Translated;
  when?: Record<string, (string | number | boolean)[]>;
  set?: Record<string, string | number | boolean>;
  handler?: string;
  stamp?: Record<string, StampKind>;
}

export interface RawResource {
  name: string;
  title: Translated;
  description?: string;
  api: string;
  endpoints?: Partial<Record<"list" | "detail" | "create" | "update" | "delete" | "tree" | "options", string | null>>;
  paged?: boolean;
  singleton?: boolean;
  labelField?: string;
  defaultSort?: string;
  tree?: { parentField: string; childrenKey?: string };
  report?: {
    source: string;
    dateField?: string;
    dimensions: string[];
    measures: { name: string; agg: "count" | "sum" | "avg" | "min" | "max"; field?: string; label: Translated }[];
  };
  fields?: Record<string, RawField>;
  required?: string[];
  actions?: Record<string, RawAction>;
  onCreate?: { handler: string };
  seed?: { rows?: number };
}
