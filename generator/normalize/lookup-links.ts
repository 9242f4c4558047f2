// A lookup's links and enums, checked once every menu and enum is known: a link names a menu entry
// that exists and has the view it opens, a format names an enum of the manifest.
import type { YamlSource } from "../load/yaml-source";
import type { LookupFieldModel, LookupLinkModel, LookupModel, MenuModel } from "../model/model";
import type { ProblemSink } from "./context";
import { nearest } from "./file-actions";

function fieldsOf(lookup: LookupModel): { field: LookupFieldModel; pointer: string }[] {
  return lookup.sections.flatMap((section, s) => {
    const at = (key: string, i?: number) => `/sections/${s}/${key}${i === undefined ? "" : `/${i}`}`;
    return [
      ...section.fields.map((field, i) => ({ field, pointer: at("fields", i) })),
      ...section.columns.map((field, i) => ({ field, pointer: at("columns", i) })),
      ...(section.message ? [{ field: section.message, pointer: at("message") }] : []),
    ];
  });
}

export function linksOf(lookup: LookupModel): LookupLinkModel[] {
  return [
    ...lookup.sections.flatMap((section) => [...(section.link ? [section.link] : []), ...section.links]),
    ...fieldsOf(lookup).flatMap(({ field }) => (field.link ? [field.link] : [])),
  ];
}

/** What a link opens on its screen: a lookup by code, a detail, a filtered list or a filled-in form. */
export function linkView(link: LookupLinkModel): "lookup" | "show" | "list" | "create" {
  if (link.id) return "show";
  if (link.filter) return "list";
  if (link.values) return "create";
  return "lookup";
}

function checkLink(
  link: LookupLinkModel,
  menus: ReadonlyMap<string, MenuModel>,
  source: YamlSource,
  sink: ProblemSink,
) {
  const target = menus.get(link.screen);
  if (!target) {
    const near = nearest(link.screen, [...menus.keys()]);
    sink.add(
      source,
      `${link.pointer}/screen`,
      `no screen '${link.screen}' in the menu${near ? `; did you mean '${near}'?` : ""}`,
    );
    return;
  }
  if ([link.id, link.filter, link.values].filter(Boolean).length > 1)
    sink.add(source, link.pointer, `a link opens one view: give 'id', 'filter' or 'values', not several`);
  const view = linkView(link);
  const screen = target.screen;
  if (view === "lookup") {
    if (screen?.kind !== "lookup")
      sink.add(
        source,
        `${link.pointer}/screen`,
        `'${link.screen}' is no lookup screen: link to it with 'id' (its detail), 'filter' (its list) or 'values' (its form)`,
      );
  } else if (!screen || screen.kind === "override" || !screen.views.includes(view))
    sink.add(source, `${link.pointer}/screen`, `'${link.screen}' has no ${view} view to open`);
}

export function checkLookups(
  menus: readonly MenuModel[],
  enums: ReadonlySet<string>,
  source: YamlSource,
  sink: ProblemSink,
): void {
  const byName = new Map(menus.map((menu) => [menu.name, menu]));
  for (const menu of menus) {
    const lookup = menu.screen?.lookup;
    if (!lookup) continue;
    for (const link of linksOf(lookup)) checkLink(link, byName, source, sink);
    for (const { field, pointer } of fieldsOf(lookup))
      if (field.enum && !enums.has(field.enum)) {
        const near = nearest(field.enum, [...enums]);
        sink.add(
          source,
          `${menu.sourcePointer}/screen/lookup${pointer}/enum`,
          `no enum '${field.enum}' in the manifest${near ? `; did you mean '${near}'?` : ""}`,
        );
      }
  }
}
