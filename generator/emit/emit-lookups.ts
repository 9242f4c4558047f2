// src/generated/screens/<menu>/ListPage.gen.tsx of a lookup screen: its LookupConfig, with the calls
// resolved to endpoints, the links to other screens resolved to their paths (and a form's create
// permission) and the labels to message keys here, so the screen kit never guesses one.
import type {
  LookupFieldModel,
  LookupLabelModel,
  LookupLinkModel,
  LookupModel,
  LookupSectionModel,
  MenuModel,
  Model,
  Translated,
} from "../model/model";
import type { CallContract } from "../../schema/contract/call-contract";
import { CALLS } from "../../schema/contract/calls";
import type {
  LookupColor,
  LookupConfig,
  LookupFieldConfig,
  LookupLinkConfig,
  LookupSectionConfig,
} from "../../schema/contract/lookup-config";
import { linkView } from "../normalize/lookup-links";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";
import { literal } from "./print-literal";
import { configName, pageComponentName } from "./screen-files";

const calls = CALLS as Readonly<Record<string, CallContract>>;

class LookupResolver {
  private readonly menus: ReadonlyMap<string, MenuModel>;
  constructor(private readonly model: Model) {
    this.menus = new Map(model.menus.map((m) => [m.name, m]));
  }

  labelKey(label: LookupLabelModel | undefined): string | undefined {
    if (!label) return undefined;
    if ("key" in label) return label.key;
    const field = this.model.resources
      .find((r) => r.name === label.resource)
      ?.fields.find((f) => f.name === label.field);
    return field?.labelKey ?? `resource.${label.resource}.fields.${label.field}`;
  }

  private viewPath(menu: MenuModel, view: "show" | "list" | "create"): string {
    const resource = this.model.resources.find((r) => r.name === menu.screen?.resource);
    return resource?.views.find((v) => v.view === view && v.menu === menu.name)?.path ?? menu.fullPath;
  }

  link(link: LookupLinkModel): LookupLinkConfig {
    const target = this.menus.get(link.screen)!;
    const extra = {
      ...(link.title ? { titleKey: this.labelKey(link.title) } : {}),
      ...(link.testId ? { testId: link.testId } : {}),
    };
    switch (linkView(link)) {
      case "show":
        return { kind: "show", path: this.viewPath(target, "show"), id: link.id!, ...extra };
      case "list":
        return { kind: "list", path: this.viewPath(target, "list"), filter: link.filter!, ...extra };
      case "create": {
        const permission = target.buttons.find((b) => b.action === "create")?.code;
        return {
          kind: "create",
          path: this.viewPath(target, "create"),
          values: link.values!,
          ...(permission ? { permission } : {}),
          ...extra,
        };
      }
      default:
        return { kind: "lookup", path: target.fullPath, param: target.screen!.lookup!.param, ...extra };
    }
  }

  private colors(name: string): Record<string, LookupColor> | undefined {
    const values = this.model.enums.find((e) => e.name === name)?.values ?? [];
    const colored = values.filter((v) => v.color);
    return colored.length ? Object.fromEntries(colored.map((v) => [v.value, v.color!])) : undefined;
  }

  field(field: LookupFieldModel): LookupFieldConfig {
    const labelKey = this.labelKey(field.label);
    const colors = field.enum && (field.tag || field.format === "fill") ? this.colors(field.enum) : undefined;
    return {
      path: field.path,
      format: field.format,
      tag: field.tag,
      optional: field.optional,
      ...(labelKey ? { labelKey } : {}),
      ...(field.enum ? { enum: field.enum } : {}),
      ...(colors ? { colors } : {}),
      ...(field.link ? { link: this.link(field.link) } : {}),
      ...(field.testId ? { testId: field.testId } : {}),
    };
  }

  section(section: LookupSectionModel): LookupSectionConfig {
    const titleKey = this.labelKey(section.title);
    const emptyKey = this.labelKey(section.empty);
    return {
      kind: section.kind,
      width: section.width,
      fields: section.fields.map((f) => this.field(f)),
      columns: section.columns.map((f) => this.field(f)),
      links: section.links.map((l) => this.link(l)),
      ...(section.path ? { path: section.path } : {}),
      ...(titleKey ? { titleKey } : {}),
      ...(emptyKey ? { emptyKey } : {}),
      ...(section.testId ? { testId: section.testId } : {}),
      ...(section.message ? { message: this.field(section.message) } : {}),
      ...(section.where ? { where: section.where } : {}),
      ...(section.link ? { link: this.link(section.link) } : {}),
      ...(section.scans ? { scans: section.scans } : {}),
    };
  }
}

export function lookupConfig(model: Model, menu: MenuModel, lookup: LookupModel): LookupConfig {
  const resolve = new LookupResolver(model);
  const { method, path } = calls[lookup.call].endpoint;
  const download = lookup.download && {
    path: calls[lookup.download.call].endpoint.path,
    file: lookup.download.file,
    titleKey: resolve.labelKey(lookup.download.title)!,
    testId: lookup.download.call.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
  };
  return {
    menu: menu.name,
    titleKey: menu.titleKey,
    call: { method, path },
    param: lookup.param,
    list: lookup.list,
    ...(lookup.locate ? { locate: lookup.locate } : {}),
    ...(download ? { download } : {}),
    sections: lookup.sections.map((s) => resolve.section(s)),
  };
}

/** The lookup's own texts (titles, labels, empty states, link titles) for the generated messages. */
export function lookupTexts(lookup: LookupModel): [string, Translated][] {
  const texts: [string, Translated][] = [];
  const add = (label: LookupLabelModel | undefined) => {
    if (label && "key" in label) texts.push([label.key, label.text]);
  };
  const addLink = (link: LookupLinkModel | undefined) => add(link?.title);
  const addField = (field: LookupFieldModel | undefined) => {
    add(field?.label);
    addLink(field?.link);
  };
  add(lookup.download?.title);
  for (const section of lookup.sections) {
    add(section.title);
    add(section.empty);
    [...section.fields, ...section.columns, section.message].forEach(addField);
    [section.link, ...section.links].forEach(addLink);
  }
  return texts;
}

export function emitLookupPage(model: Model, menu: MenuModel, lookup: LookupModel): GeneratedFile {
  const resource = menu.screen!.resource;
  const config = resource && lookup.list ? configName(resource) : undefined;
  return {
    path: `${SRC_OUT}/screens/${menu.name}/ListPage.gen.tsx`,
    content: `${banner(model.manifestFile)}
import { LookupScreen } from "../../../screen-kit/screens/LookupScreen";
import type { LookupConfig } from "../../../../schema/contract/lookup-config";
${config ? `import { ${config} } from "../../configs/${resource}.gen";\n` : ""}
const lookup: LookupConfig = ${literal(lookupConfig(model, menu, lookup), 0)};

/** ${menu.title.en} (${menu.title.zh}): a lookup through ${lookup.call}, at ${menu.fullPath}. */
export default function ${pageComponentName(menu, "list")}() {
  return <LookupScreen lookup={lookup}${config ? ` list={${config}}` : ""} />;
}
`,
  };
}
