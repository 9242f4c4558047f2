// What a generated screen declares (src/generated/configs/*.gen.ts): plain data, no behaviour.
// The generator builds it (generator/emit/emit-configs.ts); the console's screen kit reads it.
import type { FieldDefault, FieldFormat, FieldType, FilterKind, SortOrder, Widget } from "./vocabulary";

/** A form rule, declared; toFormRules() turns it into antd rules with translated messages. */
export type FieldRule =
  | { readonly kind: "required" }
  | { readonly kind: "minLength"; readonly value: number }
  | { readonly kind: "maxLength"; readonly value: number }
  | { readonly kind: "minimum"; readonly value: number }
  | { readonly kind: "maximum"; readonly value: number }
  | { readonly kind: "pattern"; readonly pattern: string }
  | { readonly kind: "format"; readonly format: FieldFormat }
  /** spec §5 shared input rule, with its exact message. */
  | { readonly kind: "inputRule" }
  | { readonly kind: "integer" };

export interface FieldConfig {
  readonly name: string;
  readonly labelKey: string;
  readonly type: FieldType;
  readonly widget: Widget;
  readonly format?: string;
  readonly column: boolean;
  readonly filter?: FilterKind;
  readonly sortable: boolean;
  readonly width?: number;
  readonly inForm: boolean;
  readonly readOnly: boolean;
  readonly rules: readonly FieldRule[];
  /** The manifest's default: a create form starts with it (an array of objects: its rows). */
  readonly default?: FieldDefault;
  /** Enum values with the i18n keys of their labels. */
  /** An enum's values; `color` is the tag's colour by meaning (manifest enums), when declared. */
  readonly options?: readonly {
    readonly value: string;
    readonly labelKey: string;
    readonly color?: "success" | "processing" | "default" | "warning" | "error";
  }[];
  /** widget region: the deepest level offered (1 province, 2 city); any level up to it may be chosen. Absent: a district. */
  readonly regionDepth?: 1 | 2 | 3;
  /** A multi-value field: its value is an array (of `ref` ids, or of region codes). */
  readonly multiple?: true;
  /** An array of objects: its value is rows of these fields, edited as rows (add, remove, reorder). */
  readonly rows?: {
    readonly fields: readonly FieldConfig[];
    readonly minItems?: number;
    readonly maxItems: number;
  };
  /** A bar of this number against the record's `of` field; the list asks again every 2 s while a shown record matches `while`. */
  readonly progress?: {
    readonly of: string;
    readonly while?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  };
  /** A reference: options come from that resource's options call. */
  readonly ref?: {
    readonly resource: string;
    readonly optionsPath: string;
    readonly optionsMethod: string;
    /**
     * manifest x-ref-where: {<field of the referred resource>: <field of this form>}. Only records
     * whose fields equal the form's are offered; the select waits until those fields have values.
     */
    readonly where?: Readonly<Record<string, string>>;
  };
}

export interface ButtonConfig {
  /** Permission code (menu_button_code, spec §3); the button is shown only to roles holding it (spec §6). */
  readonly code: string;
  /** create, edit, delete, export, or an action name. */
  readonly action: string;
  readonly titleKey: string;
}

export interface ActionConfig {
  readonly name: string;
  readonly titleKey: string;
  readonly method: string;
  readonly path: string;
  readonly scope: "row" | "collection";
  readonly confirmKey?: string;
  /** Show the action only for records with these values. */
  readonly when?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  /** Absent: call the endpoint. download: save the GET's answer as a file. upload: a form with a file. */
  readonly kind?: "download" | "upload";
  /** A download's or a row upload's inputs from the record: {<input>: <field>}. */
  readonly params?: Readonly<Record<string, string>>;
  /** A download's inputs with fixed values ({format: xlsx}). */
  readonly fixed?: Readonly<Record<string, string | number | boolean>>;
  /** An upload's file types, the resource's fields its form asks for, and its switches. */
  readonly upload?: {
    readonly accept: readonly string[];
    readonly fields: readonly string[];
    /** Fields the call goes without: the form asks for them without requiring them, whatever the resource requires. */
    readonly optional?: readonly string[];
    readonly options: readonly { readonly name: string; readonly labelKey: string }[];
  };
}

/** manifest gallery, its calls resolved to paths and the inputs naming the record and the file. */
export interface GalleryConfig {
  readonly listPath: string;
  /** The list's and the upload's input naming the record (evidence_id). */
  readonly recordParam: string;
  readonly imagePath: string;
  /** The image call's input naming the file (id). */
  readonly imageParam: string;
  readonly uploadPath?: string;
  readonly accept?: string;
  readonly uploadWhile?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
}

export interface ScreenConfig {
  /** The refine resource (a menu name) whose meta carries the endpoints. */
  readonly resource: string;
  /** The data resource in the manifest. */
  readonly dataResource: string;
  readonly titleKey: string;
  readonly fields: readonly FieldConfig[];
  readonly buttons: readonly ButtonConfig[];
  readonly actions: readonly ActionConfig[];
  readonly paged: boolean;
  readonly defaultSort: { readonly field: string; readonly order: SortOrder };
  readonly labelField: string;
  /** The list's server-side export call (GET; CSV or XLSX of every filtered, sorted row), when the server has one. */
  readonly exportPath?: string;
  /** Router paths of the other views, with :id; absent when the resource has no such view. */
  readonly routes: { readonly list?: string; readonly create?: string; readonly edit?: string; readonly show?: string };
  readonly tree?: {
    readonly parentField: string;
    readonly childrenKey: string;
    readonly method: string;
    readonly path: string;
  };
  /** manifest gallery: the record's files (photos), listed, shown and, while uploadWhile holds, added to. */
  readonly gallery?: GalleryConfig;
  readonly report?: {
    readonly dateField?: string;
    readonly dimensions: readonly string[];
    readonly measures: readonly { readonly name: string; readonly labelKey: string }[];
  };
}

/** A scanning station (manifest screen kind station), its calls resolved to endpoints. */
export interface StationConfig {
  /** The menu entry of the station: its title and its permission scope. */
  readonly menu: string;
  readonly titleKey: string;
  /** The call each scan makes (the resource's create or one of its actions). */
  readonly call: { readonly method: string; readonly path: string };
  /** Fields chosen once before scanning, sent with every scan. */
  readonly setup: readonly string[];
  /** One step: every scan calls. Two: the first opens a unit (its code sent with each scan of the second). */
  readonly steps: readonly { readonly field: string; readonly opens: boolean }[];
  /** GET ?code= answering the unit's fill ({fill: {held, capacity}}). */
  readonly capacityPath?: string;
  /** The call taking the last scan back, with its inputs for the code, the unit and the reason. */
  readonly undo?: {
    readonly method: string;
    readonly path: string;
    readonly code: string;
    readonly parent?: string;
    readonly reason?: string;
  };
  /** The button whose code allows scanning (and undoing) here. */
  readonly scanButton?: ButtonConfig;
  /** Children first: the call's input receiving the codes held so far (its answer: {held} or {closed}). */
  readonly hold?: string;
  /** The row action finishing the record the setup field `idField` names (ship the loaded waybill). */
  readonly finish?: {
    readonly method: string;
    readonly path: string;
    readonly idField: string;
    /** The finished record's field the verdict shows (its resource's label field). */
    readonly labelField: string;
    /** GET list of the finished resource: while none is chosen, a scan of a record's label (a waybill number) chooses it. */
    readonly listPath?: string;
    readonly titleKey: string;
    /** The button whose code allows it; without one nobody may. */
    readonly button?: ButtonConfig;
  };
}
