// Test support: a manifest written inline as plain objects, run through the real load → validate →
// normalize steps, so a given/want table can say in a few lines what a normalize step or an emitter
// makes of it.
import { stringify } from "yaml";
import { parseYaml } from "../load/yaml-source";
import type { Model } from "../model/model";
import { normalize } from "../normalize/normalize";
import type { Problem } from "../problems";
import { validateResources } from "../validate/validate-resources";
import { validateSchema } from "../validate/validate-schema";

type Json = Record<string, unknown>;

/** The same text in every language, which is all a test needs of a title. */
export const t = (text: string) => ({ zh: text, en: text, es: text, ja: text });

/** A string field with its label, plus whatever the test adds. */
export const text = (extra: Json = {}): Json => ({
  type: "string",
  maxLength: 64,
  "x-ui": { label: t("Text") },
  ...extra,
});
export const refTo = (resource: string, extra: Json = {}): Json => ({
  type: "integer",
  "x-ref": resource,
  "x-ui": { label: t(resource) },
  ...extra,
});

export const menu = (name: string, extra: Json = {}): Json => ({ name, path: name, title: t(name), ...extra });
export const resource = (name: string, fields: Json, extra: Json = {}): Json => ({
  name,
  title: t(name),
  api: `/api/${name}`,
  fields,
  ...extra,
});

export interface TinyManifest {
  readonly menus: readonly Json[];
  readonly resources: readonly Json[];
  readonly enums?: Json;
}

export function normalizeTiny({ menus, resources, enums = {} }: TinyManifest): { model?: Model; problems: Problem[] } {
  const manifest = {
    manifestVersion: 1,
    app: { title: "Tiny", languages: ["zh", "en", "es", "ja"] },
    enums,
    menu: { name: "home", path: "/home", title: t("Home"), children: menus },
  };
  const parsed = [
    parseYaml("manifest.yaml", stringify(manifest)),
    ...resources.map((r) => parseYaml(`resources/${String(r.name)}.yaml`, stringify(r))),
  ];
  const problems = parsed.flatMap((p) => p.problems);
  if (problems.length > 0) return { problems };
  const [first, ...rest] = parsed.map((p) => p.source!);
  const loaded = { manifest: first, resources: rest };
  const schemaProblems = validateSchema(loaded);
  if (schemaProblems.length > 0) return { problems: schemaProblems };
  const resourceProblems = validateResources(loaded);
  const normalized = normalize(loaded, { icons: new Set(), overrideExists: () => true });
  return normalized.model && resourceProblems.length === 0
    ? normalized
    : { problems: [...resourceProblems, ...normalized.problems] };
}

/** The model of a manifest the test expects to be valid; its problems fail the test. */
export function modelOf(tiny: TinyManifest): Model {
  const { model, problems } = normalizeTiny(tiny);
  if (!model)
    throw new Error(
      `tiny manifest has problems:\n${problems.map((p) => `${p.file} ${p.pointer} ${p.message}`).join("\n")}`,
    );
  return model;
}

/** Two menus over two resources: brands (a crud with buttons and an action) and products (refers to brands). */
export const SHOP: TinyManifest = {
  menus: [
    menu("shop", {
      children: [
        menu("brandlist", {
          screen: { kind: "crud", resource: "brands" },
          buttons: [
            { code: "brandlist_add", action: "create" },
            { code: "brandlist_edit", action: "edit" },
            { code: "brandlist_close", action: "close" },
          ],
        }),
        menu("productlist", { screen: { kind: "crud", resource: "products", views: ["list", "show"] } }),
        menu("productedit", {
          hidden: true,
          screen: { kind: "crud", resource: "products", views: ["create", "edit"] },
          buttons: [{ code: "productedit_add", action: "create" }],
        }),
        menu("lookup", { open: true, screen: { kind: "query", resource: "lookups" } }),
      ],
    }),
  ],
  resources: [
    resource(
      "brands",
      {
        brand_name: text(),
        status: text(),
        created_by: text({ readOnly: true, "x-stamp": "account" }),
        closed_at: { type: "string", format: "date-time", readOnly: true, "x-ui": { label: t("Closed at") } },
      },
      {
        actions: {
          close: {
            endpoint: "POST /api/brands/close",
            title: t("Close"),
            set: { status: "closed" },
            stamp: { closed_at: "now" },
          },
        },
      },
    ),
    resource("products", { product_name: text(), brand_id: refTo("brands") }),
    resource("lookups", { code: text() }),
  ],
};
