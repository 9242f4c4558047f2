import { describe, expect, it } from "vitest";
import { menu, modelOf, normalizeTiny, resource, t, text, type TinyManifest } from "../test-support/tiny-manifest";
import { emitI18n } from "./emit-i18n";
import { emitRoutes } from "./emit-routes";
import { emitScreens } from "./emit-screens";
import { lookupConfig } from "./emit-lookups";

type Json = Record<string, unknown>;

const CODE_LOOKUP = {
  call: "codeDetail",
  download: { call: "epcisExport", file: "{code}-epcis.json", title: t("Export") },
  sections: [
    {
      kind: "descriptions",
      fields: [
        { path: "code", label: "codes.code" },
        { path: "status", label: "codes.status", enum: "code_status", tag: true, testId: "code-status" },
        { path: "waybill.name", label: t("Waybill"), link: { screen: "codes", id: "waybill.id" } },
      ],
    },
    { kind: "hierarchy", path: "parents", link: { screen: "boxes" }, empty: t("Not packed") },
    { kind: "links", links: [{ screen: "codes", filter: { status: "status" }, title: t("Same status") }] },
    { kind: "timeline", path: "timeline", title: t("Timeline") },
  ],
};

const lookupManifest = (lookup: Json, extra: readonly Json[] = []): TinyManifest => ({
  enums: { code_status: { packed: { ...t("Packed"), color: "processing" }, shipped: t("Shipped") } },
  menus: [
    menu("codes", {
      screen: { kind: "crud", resource: "codes" },
      buttons: [{ code: "codes_add", action: "create" }],
    }),
    menu("lookup", { screen: { kind: "lookup", resource: "codes", lookup } }),
    menu("boxes", {
      screen: {
        kind: "lookup",
        resource: "codes",
        lookup: { call: "packageContents", sections: [{ kind: "qr", path: "url" }] },
      },
    }),
    ...extra,
  ],
  resources: [resource("codes", { code: text(), status: text() })],
});

describe("a lookup screen", () => {
  const model = modelOf(lookupManifest(CODE_LOOKUP));
  const lookup = model.menus.find((m) => m.name === "lookup")!;
  const config = lookupConfig(model, lookup, lookup.screen!.lookup!);

  it("resolves its call, its download and its links to paths", () => {
    expect(config.call).toEqual({ method: "GET", path: "/api/tagging/tracecodes/lookup" });
    expect(config.download).toEqual({
      path: "/api/tagging/tracecodes/epcis",
      file: "{code}-epcis.json",
      titleKey: "lookup.lookup.download",
      testId: "epcis-export",
    });
    const [facts, hierarchy, links] = config.sections;
    expect(facts.fields[2].link).toEqual({ kind: "show", path: "/home/codes/show/:id", id: "waybill.id" });
    expect(hierarchy.link).toEqual({ kind: "lookup", path: "/home/boxes", param: "code" });
    expect(links.links[0]).toEqual({
      kind: "list",
      path: "/home/codes",
      filter: { status: "status" },
      titleKey: "lookup.lookup.s2_l0_title",
    });
  });

  it("labels from a resource's field or its own text, and colours a tag by its enum", () => {
    const [code, status, waybill] = config.sections[0].fields;
    expect(code.labelKey).toBe("resource.codes.fields.code");
    expect(status).toMatchObject({ format: "enum", enum: "code_status", colors: { packed: "processing" } });
    expect(waybill.labelKey).toBe("lookup.lookup.s0_f2");
    const en = emitI18n(model).find((f) => f.path.endsWith("/en.gen.ts"))!.content;
    expect(en).toContain('s0_f2: "Waybill"');
    expect(en).toContain('s1_empty: "Not packed"');
  });

  it("emits one page rendering LookupScreen, routed at the menu's path, hosting its resource without its views", () => {
    const page = emitScreens(model).find((f) => f.path === "src/generated/screens/lookup/ListPage.gen.tsx")!;
    expect(page.content).toContain("return <LookupScreen lookup={lookup} />;");
    const [routes] = emitRoutes(model);
    expect(routes.content).toContain('path: "/home/lookup"');
    expect(routes.content).toContain('load: () => import("./screens/lookup/ListPage.gen")');
    const codes = model.resources.find((r) => r.name === "codes")!;
    expect(codes.views.map((v) => v.menu)).toEqual(["codes", "codes", "codes", "codes"]);
    expect(codes.readRoles).toEqual(["codes", "lookup", "boxes"]);
  });

  it("with list, renders the resource's list without a code", () => {
    const listed = modelOf(lookupManifest({ ...CODE_LOOKUP, list: true }));
    const page = emitScreens(listed).find((f) => f.path === "src/generated/screens/lookup/ListPage.gen.tsx")!;
    expect(page.content).toContain("return <LookupScreen lookup={lookup} list={codesConfig} />;");
  });

  const withSection = (section: Json) => ({ ...CODE_LOOKUP, sections: [section] });
  it.each([
    {
      given: { ...CODE_LOOKUP, call: "codeDetale" },
      want: "no call 'codeDetale' in schema/contract/calls.ts; did you mean 'codeDetail'?",
    },
    { given: { ...CODE_LOOKUP, call: "login" }, want: "call 'login' is a POST; a lookup reads, through a GET" },
    { given: { ...CODE_LOOKUP, param: "serial" }, want: "call 'codeDetail' takes no input 'serial'" },
    {
      given: withSection({ kind: "hierarchy", path: "parents", link: { screen: "boxez" } }),
      want: "no screen 'boxez' in the menu; did you mean 'boxes'?",
    },
    {
      given: withSection({ kind: "hierarchy", path: "parents", link: { screen: "codes" } }),
      want: "'codes' is no lookup screen",
    },
    {
      given: withSection({ kind: "links", links: [{ screen: "boxes", id: "id" }] }),
      want: "'boxes' has no show view to open",
    },
    { given: withSection({ kind: "table", path: "children" }), want: "a table section needs 'columns'" },
    {
      given: withSection({ kind: "qr", path: "url", fields: [{ path: "code" }] }),
      want: "a qr section takes no 'fields'",
    },
    {
      given: withSection({ kind: "descriptions", fields: [{ path: "code", label: "codes.kode" }] }),
      want: "resource 'codes' has no field 'kode'; did you mean 'code'?",
    },
    {
      given: withSection({ kind: "descriptions", fields: [{ path: "status", enum: "code_statuz" }] }),
      want: "no enum 'code_statuz' in the manifest; did you mean 'code_status'?",
    },
    {
      given: withSection({ kind: "descriptions", fields: [{ path: "fill", format: "fill" }] }),
      want: "format 'fill' names its values through an enum: add 'enum'",
    },
  ])("a problem with its place: $want", ({ given, want }) => {
    const { problems } = normalizeTiny(lookupManifest(given));
    expect(problems.map((p) => p.message).join("\n")).toContain(want);
  });

  it("an unknown section kind is refused by the schema, at its path", () => {
    const { problems } = normalizeTiny(lookupManifest(withSection({ kind: "chart", path: "x" })));
    expect(problems.map((p) => `${p.pointer} ${p.message}`).join("\n")).toContain("/sections/0/kind");
  });

  it("a lookup without its declaration is a problem", () => {
    const manifest = lookupManifest(CODE_LOOKUP, [menu("bare", { screen: { kind: "lookup", resource: "codes" } })]);
    const { problems } = normalizeTiny(manifest);
    expect(problems.map((p) => p.message)).toContain("a lookup screen needs 'lookup' (its call and sections)");
  });
});
