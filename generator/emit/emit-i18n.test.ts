import { describe, expect, it } from "vitest";
import { modelOf, SHOP, t } from "../test-support/tiny-manifest";
import { collectTexts, emitI18n } from "./emit-i18n";
import { emitIcons } from "./emit-icons";
import { emitTypes } from "./emit-types";

const model = modelOf(SHOP);

describe("emitI18n, emitIcons, emitTypes", () => {
  it.each([
    { given: "a menu title", want: ["menu.brandlist", t("brandlist")] },
    { given: "an action title", want: ["resource.brands.actions.close", t("Close")] },
  ])("collects $given", ({ want }) => {
    expect(collectTexts(model)).toContainEqual(want);
  });

  it("writes one i18n file per language and one icons file", () => {
    expect([...emitI18n(model), ...emitIcons(model)].map((f) => f.path)).toEqual([
      ...model.languages.map((language) => `src/generated/i18n/${language}.gen.ts`),
      "src/generated/icons.gen.ts",
    ]);
  });

  it("a language's file holds that language's texts only", () => {
    const title = { zh: "品牌", en: "Brands", es: "Marcas", ja: "ブランド" };
    const [shop] = SHOP.menus as Record<string, unknown>[];
    const files = emitI18n(modelOf({ ...SHOP, menus: [{ ...shop, title }] }));
    expect(files.map((f) => f.path)).toEqual(Object.keys(title).map((language) => `src/generated/i18n/${language}.gen.ts`));
    for (const [index, [language, text]] of Object.entries(title).entries()) {
      expect(files[index].content, language).toContain(`shop: "${text}"`);
      for (const [other, otherText] of Object.entries(title))
        if (other !== language) expect(files[index].content, `${language} holds ${other}`).not.toContain(otherText);
    }
  });

  it("types come from the JSON Schemas: a record, and inputs for an entity", () => {
    const brands = emitTypes(model).find((f) => f.path === "src/generated/types/brands.gen.ts")!.content;
    for (const want of ["export interface BrandsRecord", "export interface BrandsCreateInput", "export interface BrandsUpdateInput", "  created_by?: string | null;"])
      expect(brands).toContain(want);
  });
});
