// What a generated lookup screen declares (manifest screen kind lookup): plain data, its calls and
// links resolved to paths by the generator (generator/emit/emit-lookups.ts) so the screen kit never
// guesses one. Values are read from the call's answer by dotted paths; `$.` starts at its root.

/** A tag colour by meaning, as the manifest's enums give them. */
export type LookupColor = "success" | "processing" | "default" | "warning" | "error";

/** Where a link goes: another lookup sent a code, a record's detail, a filtered list or a filled-in form. */
export type LookupLinkTarget =
  | { readonly kind: "lookup"; readonly path: string; readonly param: string }
  | { readonly kind: "show"; readonly path: string; readonly id: string }
  | { readonly kind: "list"; readonly path: string; readonly filter: Readonly<Record<string, string>> }
  | {
      readonly kind: "create";
      readonly path: string;
      readonly values: Readonly<Record<string, string>>;
      /** The create button's permission code on the linked screen: the link shows only to who holds it. */
      readonly permission?: string;
    };

export type LookupLinkConfig = LookupLinkTarget & { readonly titleKey?: string; readonly testId?: string };

export type LookupFormat = "text" | "enum" | "datetime" | "names" | "fill" | "tally";

export interface LookupFieldConfig {
  readonly path: string;
  readonly labelKey?: string;
  readonly format: LookupFormat;
  /** The manifest enum naming the values: its labels are enum.<name>.<value>. */
  readonly enum?: string;
  /** The enum's colours, where the value is shown as a tag. */
  readonly colors?: Readonly<Record<string, LookupColor>>;
  readonly tag: boolean;
  readonly optional: boolean;
  readonly link?: LookupLinkConfig;
  readonly testId?: string;
}

export type LookupSectionKind = "descriptions" | "hierarchy" | "timeline" | "table" | "qr" | "links" | "alerts";

export interface LookupSectionConfig {
  readonly kind: LookupSectionKind;
  readonly path?: string;
  readonly titleKey?: string;
  readonly emptyKey?: string;
  readonly width: "full" | "half";
  readonly testId?: string;
  readonly fields: readonly LookupFieldConfig[];
  readonly columns: readonly LookupFieldConfig[];
  readonly message?: LookupFieldConfig;
  readonly where?: Readonly<Record<string, readonly string[]>>;
  readonly link?: LookupLinkConfig;
  readonly links: readonly LookupLinkConfig[];
  readonly scans?: string;
}

export interface LookupConfig {
  /** The menu entry of the lookup: its title and its permission scope. */
  readonly menu: string;
  readonly titleKey: string;
  /** The contract call (a GET) the searched code is sent to. */
  readonly call: { readonly method: string; readonly path: string };
  /** The call's input the code fills, and the address's query key (?code=). */
  readonly param: string;
  /** The call's input a device position (geo URI) fills, when the screen offers one. */
  readonly locate?: string;
  /** Without a code, the resource's list instead of the prompt. */
  readonly list: boolean;
  /**
   * A second call sent the code, its answer saved as JSON under `file` ({code} is the code); the
   * button's data-testid is the call's name in kebab case (epcisExport: epcis-export).
   */
  readonly download?: {
    readonly path: string;
    readonly file: string;
    readonly titleKey: string;
    readonly testId: string;
  };
  readonly sections: readonly LookupSectionConfig[];
}
