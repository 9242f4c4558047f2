// A lookup screen's declaration, checked against the contract calls and the resources it labels
// from, with its defaults filled: a typo in a call, a label or a section's shape is a problem with
// its line, not a screen that fails on the first code. Links to other menus are checked once every
// menu is known (lookup-links.ts).
import type { YamlSource } from "../load/yaml-source";
import type {
  LookupFieldModel,
  LookupLabelModel,
  LookupLinkModel,
  LookupModel,
  LookupSectionKind,
  LookupSectionModel,
} from "../model/model";
import type { CallContract } from "../../schema/contract/call-contract";
import { CALLS } from "../../schema/contract/calls";
import type {
  RawLookupField,
  RawLookupLabel,
  RawLookupLink,
  RawLookupSection,
  RawResource,
  RawScreen,
} from "../../schema/contract/manifest.gen";
import type { ProblemSink } from "./context";
import { nearest } from "./file-actions";

/** Which keys each section kind reads, and which it cannot do without. */
const SECTION_KEYS: Readonly<
  Record<LookupSectionKind, { readonly needs: readonly string[]; readonly takes: readonly string[] }>
> = {
  descriptions: { needs: ["fields"], takes: ["path", "fields"] },
  hierarchy: { needs: ["path", "link"], takes: ["path", "link"] },
  timeline: { needs: ["path"], takes: ["path", "scans"] },
  table: { needs: ["path", "columns"], takes: ["path", "columns", "where"] },
  qr: { needs: ["path"], takes: ["path"] },
  links: { needs: ["links"], takes: ["links"] },
  alerts: { needs: ["path", "message"], takes: ["path", "message", "fields", "where", "links"] },
};
const SHAPE_KEYS = ["path", "fields", "columns", "message", "where", "link", "links", "scans"] as const;
/** Formats that name their values through a manifest enum. */
export const ENUM_FORMATS: ReadonlySet<string> = new Set(["enum", "fill", "tally"]);

interface Context {
  readonly menu: string;
  readonly resources: ReadonlyMap<string, RawResource>;
  readonly source: YamlSource;
  readonly sink: ProblemSink;
}

const calls = CALLS as Readonly<Record<string, CallContract>>;

/** A contract call a lookup may send a code to: it exists, it reads (GET), and it takes `inputs`. */
function checkCall(name: string, inputs: readonly (readonly [string, string])[], at: string, ctx: Context): boolean {
  const call = calls[name];
  if (!call) {
    const near = nearest(name, Object.keys(calls));
    ctx.sink.add(
      ctx.source,
      at,
      `no call '${name}' in schema/contract/calls.ts${near ? `; did you mean '${near}'?` : ""}`,
    );
    return false;
  }
  if (call.endpoint.method !== "GET")
    ctx.sink.add(ctx.source, at, `call '${name}' is a ${call.endpoint.method}; a lookup reads, through a GET`);
  const properties = Object.keys((call.input as { properties?: object } | undefined)?.properties ?? {});
  for (const [input, where] of inputs)
    if (!properties.includes(input))
      ctx.sink.add(
        ctx.source,
        where,
        `call '${name}' takes no input '${input}' (it takes ${properties.join(", ") || "none"})`,
      );
  return true;
}

function labelOf(raw: RawLookupLabel | undefined, key: string, at: string, ctx: Context): LookupLabelModel | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "string") return { key: `lookup.${ctx.menu}.${key}`, text: raw };
  const [resource, field] = raw.split(".");
  const owner = ctx.resources.get(resource);
  if (!owner) ctx.sink.add(ctx.source, at, `resource '${resource}' does not exist in schema/resources/`);
  else if (!(field in (owner.fields ?? {}))) {
    const near = nearest(field, Object.keys(owner.fields ?? {}));
    ctx.sink.add(
      ctx.source,
      at,
      `resource '${resource}' has no field '${field}'${near ? `; did you mean '${near}'?` : ""}`,
    );
  }
  return { resource, field };
}

function linkOf(raw: RawLookupLink | undefined, key: string, at: string, ctx: Context): LookupLinkModel | undefined {
  if (!raw) return undefined;
  const title = labelOf(raw.title, `${key}_title`, `${at}/title`, ctx);
  return {
    screen: raw.screen,
    pointer: at,
    ...(raw.id ? { id: raw.id } : {}),
    ...(raw.filter ? { filter: raw.filter } : {}),
    ...(raw.values ? { values: raw.values } : {}),
    ...(title ? { title } : {}),
    ...(raw.testId ? { testId: raw.testId } : {}),
  };
}

function fieldOf(raw: RawLookupField, key: string, at: string, ctx: Context): LookupFieldModel {
  const format = raw.format ?? (raw.enum ? "enum" : "text");
  if (ENUM_FORMATS.has(format) && !raw.enum)
    ctx.sink.add(ctx.source, at, `format '${format}' names its values through an enum: add 'enum'`);
  if (raw.enum && !ENUM_FORMATS.has(format))
    ctx.sink.add(ctx.source, `${at}/enum`, `'enum' is only for the formats enum, fill and tally`, true);
  const label = labelOf(raw.label, key, `${at}/label`, ctx);
  const link = linkOf(raw.link, `${key}_link`, `${at}/link`, ctx);
  return {
    path: raw.path,
    format,
    tag: raw.tag ?? false,
    optional: raw.optional ?? false,
    ...(label ? { label } : {}),
    ...(raw.enum ? { enum: raw.enum } : {}),
    ...(link ? { link } : {}),
    ...(raw.testId ? { testId: raw.testId } : {}),
  };
}

function sectionOf(raw: RawLookupSection, index: number, at: string, ctx: Context): LookupSectionModel {
  const key = `s${index}`;
  const rule = SECTION_KEYS[raw.kind];
  for (const needed of rule.needs)
    if (raw[needed as keyof RawLookupSection] === undefined)
      ctx.sink.add(ctx.source, at, `a ${raw.kind} section needs '${needed}'`);
  for (const shape of SHAPE_KEYS)
    if (raw[shape] !== undefined && !rule.takes.includes(shape))
      ctx.sink.add(ctx.source, `${at}/${shape}`, `a ${raw.kind} section takes no '${shape}'`, true);
  const title = labelOf(raw.title, `${key}_title`, `${at}/title`, ctx);
  const empty = raw.empty && ({ key: `lookup.${ctx.menu}.${key}_empty`, text: raw.empty } as const);
  const message = raw.message && fieldOf(raw.message, `${key}_message`, `${at}/message`, ctx);
  const link = linkOf(raw.link, `${key}_link`, `${at}/link`, ctx);
  return {
    kind: raw.kind,
    width: raw.width ?? "full",
    fields: (raw.fields ?? []).map((field, i) => fieldOf(field, `${key}_f${i}`, `${at}/fields/${i}`, ctx)),
    columns: (raw.columns ?? []).map((field, i) => fieldOf(field, `${key}_c${i}`, `${at}/columns/${i}`, ctx)),
    links: (raw.links ?? []).flatMap((l, i) => linkOf(l, `${key}_l${i}`, `${at}/links/${i}`, ctx) ?? []),
    ...(raw.path ? { path: raw.path } : {}),
    ...(title ? { title } : {}),
    ...(empty ? { empty } : {}),
    ...(raw.testId ? { testId: raw.testId } : {}),
    ...(message ? { message } : {}),
    ...(raw.where ? { where: raw.where } : {}),
    ...(link ? { link } : {}),
    ...(raw.scans ? { scans: raw.scans } : {}),
  };
}

export function lookupOf(
  screen: RawScreen,
  menu: string,
  resources: ReadonlyMap<string, RawResource>,
  source: YamlSource,
  pointer: string,
  sink: ProblemSink,
): LookupModel | undefined {
  const at = `${pointer}/screen/lookup`;
  const raw = screen.lookup;
  if (!raw) {
    sink.add(source, `${pointer}/screen`, `a lookup screen needs 'lookup' (its call and sections)`);
    return undefined;
  }
  const ctx: Context = { menu, resources, source, sink };
  const param = raw.param ?? "code";
  const inputs: [string, string][] = [[param, raw.param ? `${at}/param` : `${at}/call`]];
  if (raw.locate) inputs.push([raw.locate, `${at}/locate`]);
  checkCall(raw.call, inputs, `${at}/call`, ctx);
  if (raw.download) checkCall(raw.download.call, [[param, `${at}/download/call`]], `${at}/download/call`, ctx);
  if (raw.list && !screen.resource)
    sink.add(source, `${at}/list`, `'list' shows the screen's resource: give the screen a 'resource'`);
  const download = raw.download && {
    call: raw.download.call,
    file: raw.download.file,
    title: { key: `lookup.${menu}.download`, text: raw.download.title },
  };
  return {
    call: raw.call,
    param,
    list: raw.list ?? false,
    sections: raw.sections.map((section, index) => sectionOf(section, index, `${at}/sections/${index}`, ctx)),
    ...(raw.locate ? { locate: raw.locate } : {}),
    ...(download ? { download } : {}),
  };
}
