// Test fixture: a screen config with every widget, filter kind, button kind, a tree and a report.
import type { FieldConfig, ScreenConfig } from "../../schema/contract/screen-config";

/** A field with every flag at its plain value; `extra` sets what a case is about. */
export const field = (name: string, extra: Partial<FieldConfig> = {}): FieldConfig => ({
  name,
  labelKey: `fixture.${name}`,
  type: "string",
  widget: "input",
  column: true,
  sortable: false,
  inForm: true,
  readOnly: false,
  rules: [],
  ...extra,
});

export const fixtureFields: FieldConfig[] = [
  field("id", {
    type: "integer",
    widget: "number",
    sortable: true,
    inForm: false,
    readOnly: true,
    rules: [{ kind: "integer" }],
  }),
  field("name", {
    filter: "contains",
    sortable: true,
    rules: [{ kind: "required" }, { kind: "maxLength", value: 20 }, { kind: "inputRule" }],
  }),
  field("note", { widget: "textarea", column: false }),
  field("qty", { type: "integer", widget: "number", filter: "range", rules: [{ kind: "minimum", value: 0 }] }),
  field("enabled", { type: "boolean", widget: "switch", filter: "eq" }),
  field("status", { widget: "select", filter: "eq", options: [{ value: "open", labelKey: "fixture.open" }] }),
  field("brand_id", {
    type: "integer",
    widget: "select",
    filter: "eq",
    ref: { resource: "brands", optionsPath: "/api/brands/options", optionsMethod: "GET" },
  }),
  // Narrowed by brand_id (manifest x-ref-where): the form's select waits for a brand.
  field("model_id", {
    type: "integer",
    widget: "select",
    filter: "eq",
    ref: {
      resource: "models",
      optionsPath: "/api/models/options",
      optionsMethod: "GET",
      where: { brand_id: "brand_id" },
    },
  }),
  field("made_on", { widget: "date", format: "date", filter: "range" }),
  field("checked_at", { widget: "datetime", format: "date-time" }),
  field("area", { widget: "region" }),
  field("photo", { widget: "image", format: "uri" }),
  field("secret", { widget: "password", column: false }),
  field("tint", { widget: "color", format: "color" }),
  field("parent_id", {
    type: "integer",
    widget: "select",
    ref: { resource: "fixtures", optionsPath: "/api/fixtures/options", optionsMethod: "GET" },
  }),
];

export const fixtureConfig: ScreenConfig = {
  resource: "fixtures",
  dataResource: "fixtures",
  titleKey: "fixture.title",
  fields: fixtureFields,
  buttons: [
    { code: "fx_add", action: "create", titleKey: "fixture.add" },
    { code: "fx_edit", action: "edit", titleKey: "fixture.edit" },
    { code: "fx_delete", action: "delete", titleKey: "fixture.delete" },
    { code: "fx_export", action: "export", titleKey: "fixture.export" },
    { code: "fx_close", action: "close", titleKey: "fixture.close" },
    { code: "fx_purge", action: "purge", titleKey: "fixture.purge" },
  ],
  actions: [
    {
      name: "close",
      titleKey: "fixture.close",
      method: "POST",
      path: "/api/fixtures/close",
      scope: "row",
      confirmKey: "fixture.sure",
      when: { status: ["open"] },
    },
    { name: "purge", titleKey: "fixture.purge", method: "POST", path: "/api/fixtures/purge", scope: "collection" },
  ],
  paged: true,
  defaultSort: { field: "id", order: "desc" },
  labelField: "name",
  routes: { list: "/fixtures", create: "/fixtures/create", edit: "/fixtures/edit/:id", show: "/fixtures/show/:id" },
  tree: { parentField: "parent_id", childrenKey: "children", method: "GET", path: "/api/fixtures/tree" },
  report: {
    dateField: "made_on",
    dimensions: ["status", "brand_id"],
    measures: [
      { name: "qty", labelKey: "fixture.qty" },
      { name: "orders", labelKey: "fixture.orders" },
    ],
  },
};
