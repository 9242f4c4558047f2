// The pre-hash string of GS1's event hash (CBV 2.0 §8.9), as epcis2.js, GS1's reference generator,
// writes it: the event's standard fields in the canonical order, each `name=value` with its value in
// normal form (value-normal-form.ts), each list's entries sorted; then every user extension, a
// prefixed name written `{namespace}local`, sorted with the extensions found inside the standard
// fields. eventID, recordTime, errorDeclaration and @context stay out. An event this file does not
// cover answers UNSURE and is hashed by epcis2.js: sensor elements, persistent dispositions, a
// namespace declared inside the event (@xmlns:…), empty lists, null or undefined values, values of
// a shape the standard does not give, and any value value-normal-form.ts leaves UNSURE. So does
// every event epcis2.js refuses (an undefined prefix, a lone surrogate), which it then refuses.
import { normalValue, UNSURE } from "./value-normal-form";
import { bizStepUri, bizTransactionTypeUri, dispositionUri, sourceDestinationTypeUri } from "./cbv-terms";

export { UNSURE };

/** The prefixes every event may use without declaring them (EPCIS 2.0's JSON-LD context). */
const STANDARD_PREFIXES: Readonly<Record<string, string>> = {
  epcis: "https://ref.gs1.org/epcis/",
  cbv: "https://ref.gs1.org/cbv/",
  cbvmda: "urn:epcglobal:cbv:mda:",
  gs1: "https://gs1.org/voc/",
  rdfs: "http://www.w3.org/2000/01/rdf-schema#",
  owl: "http://www.w3.org/2002/07/owl#",
  xsd: "http://www.w3.org/2001/XMLSchema#",
  dcterms: "http://purl.org/dc/terms/",
};

const EVENT_FIELDS = [
  "type",
  "eventTime",
  "eventTimeZoneOffset",
  "certificationInfo",
  "epcList",
  "parentID",
  "inputEPCList",
  "childEPCs",
  "quantityList",
  "childQuantityList",
  "inputQuantityList",
  "outputEPCList",
  "outputQuantityList",
  "action",
  "transformationID",
  "bizStep",
  "disposition",
  "persistentDisposition",
  "readPoint",
  "bizLocation",
  "bizTransactionList",
  "sourceList",
  "destinationList",
  "sensorElementList",
  "ilmd",
] as const;
const EVENT_FIELD_SET: ReadonlySet<string> = new Set(EVENT_FIELDS);
const LEFT_OUT: ReadonlySet<string> = new Set(["recordTime", "eventID", "errorDeclaration", "@context"]);
const EPC_LISTS: ReadonlySet<string> = new Set(["epcList", "inputEPCList", "childEPCs", "outputEPCList"]);
const QUANTITY_LISTS: ReadonlySet<string> = new Set([
  "quantityList",
  "childQuantityList",
  "inputQuantityList",
  "outputQuantityList",
]);
/** A list of elements: the order of an element's fields, and the name its extensions are written under. */
const ELEMENT_LISTS: Readonly<Record<string, { order: readonly string[]; extensionsUnder: string }>> = {
  bizTransactionList: { order: ["type", "bizTransaction"], extensionsUnder: "bizTransaction" },
  sourceList: { order: ["type", "source"], extensionsUnder: "source" },
  destinationList: { order: ["type", "destination"], extensionsUnder: "destination" },
};
const ELEMENT_TYPE_URI: Readonly<Record<string, (value: unknown) => unknown>> = {
  bizTransactionList: bizTransactionTypeUri,
  sourceList: sourceDestinationTypeUri,
  destinationList: sourceDestinationTypeUri,
};
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Thrown inside this file only, to leave an event to epcis2.js; never seen outside. */
const NOT_COVERED = new Error("not covered by our pre-hash string");
const notCovered = (): never => {
  throw NOT_COVERED;
};

type Fields = Readonly<Record<string, unknown>>;
type Prefixes = Readonly<Record<string, string>>;

const isFields = (value: unknown): value is Fields =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;
const sortedText = (parts: string[]): string => parts.sort().join("");
const nonEmptyList = (value: unknown): readonly unknown[] =>
  Array.isArray(value) && value.length > 0 ? value : notCovered();

function text(value: unknown): string {
  const normal = normalValue(value);
  return normal === UNSURE ? notCovered() : normal;
}

/** A left-out field may still declare a namespace or hold a null, which changes or refuses the hash. */
function checkLeftOut(value: unknown): void {
  if (value === null) notCovered();
  if (typeof value !== "object") return;
  for (const [key, inner] of Object.entries(value as object)) {
    if (key.startsWith("@xmlns:")) notCovered();
    checkLeftOut(inner);
  }
}

class PreHashWriter {
  /** Extensions and the strings written under them, sorted together at the end. */
  readonly extensions: string[] = [];
  constructor(private readonly prefixes: Prefixes) {}

  private namespace(prefix: string): string | undefined {
    if (Object.hasOwn(this.prefixes, prefix)) return this.prefixes[prefix];
    return Object.hasOwn(STANDARD_PREFIXES, prefix) ? STANDARD_PREFIXES[prefix] : undefined;
  }

  /** One extension `key: value`, written under its expanded name. */
  extension(key: string, value: unknown): string {
    if (key === "rdfs:comment") return "";
    if (key.startsWith("@xmlns:")) return notCovered();
    let name = key;
    const colon = key.indexOf(":");
    if (colon >= 0) {
      const namespace = this.namespace(key.slice(0, colon));
      if (namespace === undefined) return notCovered();
      name = `{${namespace}}${key.slice(colon + 1)}`;
    } else if (key.startsWith("#")) {
      // An XML element's text beside its attributes: written bare, as sent.
      if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return notCovered();
      return `=${value}`;
    }
    if (isFields(value)) return name + this.extensionFields(value);
    if (Array.isArray(value)) {
      // A one-element list of an object reads as that object in GS1's reference: not ours to guess.
      if (String(value) === "[object Object]") return notCovered();
      return sortedText(
        value.map((entry) => {
          if (isFields(entry)) return name + this.extensionFields(entry);
          if (Array.isArray(entry)) return notCovered();
          return `${name}=${text(entry)}`;
        }),
      );
    }
    if (value === null || value === undefined) return notCovered();
    return `${name}=${text(value)}`;
  }

  extensionFields(fields: Fields): string {
    return sortedText(Object.keys(fields).map((key) => this.extension(key, fields[key])));
  }

  /** An element's fields in `order`, and its other fields as extensions, returned apart. */
  element(value: unknown, order: readonly string[]): { written: string; extensions: string[] } {
    if (!isFields(value)) return notCovered();
    let written = "";
    for (const field of order) if (Object.hasOwn(value, field)) written += `${field}=${text(value[field])}`;
    const extensions: string[] = [];
    for (const key of Object.keys(value)) {
      if (order.includes(key)) continue;
      if (LEFT_OUT.has(key)) checkLeftOut(value[key]);
      else extensions.push(this.extension(key, value[key]));
    }
    return { written, extensions };
  }

  field(name: string, value: unknown): string {
    if (EPC_LISTS.has(name)) return name + sortedText(nonEmptyList(value).map((epc) => `epc=${text(epc)}`));
    if (QUANTITY_LISTS.has(name))
      return (
        name +
        sortedText(
          nonEmptyList(value).map((quantity) => {
            const { written, extensions } = this.element(quantity, ["epcClass", "quantity", "uom"]);
            for (const extension of extensions) this.extensions.push(`quantityElement${extension}`);
            return `quantityElement${written}`;
          }),
        )
      );
    const list = ELEMENT_LISTS[name];
    if (list)
      return (
        name +
        sortedText(
          nonEmptyList(value).map((entry) => {
            const typed =
              isFields(entry) && Object.hasOwn(entry, "type")
                ? { ...entry, type: ELEMENT_TYPE_URI[name](entry.type) }
                : entry;
            const { written, extensions } = this.element(typed, list.order);
            for (const extension of extensions) this.extensions.push(`${list.extensionsUnder}${extension}`);
            return written;
          }),
        )
      );
    if (name === "readPoint" || name === "bizLocation") {
      const { written, extensions } = this.element(value, ["id"]);
      if (extensions.length > 0) this.extensions.push(name + sortedText(extensions));
      return name + written;
    }
    if (name === "ilmd") return isFields(value) ? name + this.extensionFields(value) : notCovered();
    if (name === "persistentDisposition" || name === "sensorElementList" || Array.isArray(value)) return notCovered();
    if (name === "type") return `eventType=${text(value)}`;
    if (name === "bizStep") return `bizStep=${text(bizStepUri(value))}`;
    if (name === "disposition") return `disposition=${text(dispositionUri(value))}`;
    return `${name}=${text(value)}`;
  }
}

/** `event`'s pre-hash string, `prefixes` naming the namespaces of its extensions; UNSURE if not ours to write. */
export function preHashString(event: Fields, prefixes: Prefixes): string | typeof UNSURE {
  try {
    const writer = new PreHashWriter(prefixes);
    let written = "";
    for (const name of EVENT_FIELDS) if (Object.hasOwn(event, name)) written += writer.field(name, event[name]);
    for (const key of Object.keys(event)) {
      if (EVENT_FIELD_SET.has(key)) continue;
      if (LEFT_OUT.has(key)) checkLeftOut(event[key]);
      else writer.extensions.push(writer.extension(key, event[key]));
    }
    written += sortedText(writer.extensions);
    return LONE_SURROGATE.test(written) ? UNSURE : written;
  } catch (error) {
    if (error === NOT_COVERED) return UNSURE;
    throw error;
  }
}
