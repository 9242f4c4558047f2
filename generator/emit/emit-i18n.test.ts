import { describe, expect, it } from "vitest";
import { modelOf, SHOP, t } from "../test-support/tiny-manifest";
import { collectTexts, emitI18n, isPublicMessageKey } from "./emit-i18n";
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

  it("collects a short title under its own key, in every language", () => {
    const [shop, ...rest] = SHOP.menus as Record<string, unknown>[];
    const texts = collectTexts(modelOf({ ...SHOP, menus: [{ ...shop, shortTitle: { en: "Shop" } }, ...rest] }));
    expect(texts).toContainEqual(["menuShort.shop", { ...t("shop"), en: "Shop" }]);
  });

  it("writes two i18n files per language (the console's, the public pages') and one icons file", () => {
    expect([...emitI18n(model), ...emitIcons(model)].map((f) => f.path)).toEqual([
      ...model.languages.flatMap((language) => [
        `src/generated/i18n/${language}.gen.ts`,
        `src/generated/i18n/${language}-public.gen.ts`,
      ]),
      "src/generated/icons.gen.ts",
    ]);
  });

  it.each([
    { key: "enum.account_type.dealer", public: true },
    { key: "field.id", public: true },
    { key: "enum.account_typex.dealer", public: false },
    { key: "enum.order_status.closed", public: false },
    { key: "resource.employees.fields.account_type", public: false },
    { key: "menu.brandlist", public: false },
  ])("$key is public: $public", ({ key, public: want }) => {
    expect(isPublicMessageKey(key)).toBe(want);
  });

  it("puts the login's account types and the shared field labels in the public file only", () => {
    const enums = { account_type: { dealer: t("Dealer") }, color: { red: t("Red") } };
    const [main, publicFile] = emitI18n(modelOf({ ...SHOP, enums }));
    expect(publicFile.content).toContain(`dealer: "${t("Dealer").en}"`);
    expect(main.content).not.toContain(`dealer: "${t("Dealer").en}"`);
    expect(main.content).toContain(`red: "${t("Red").en}"`);
    expect(publicFile.content).not.toContain(`red: "${t("Red").en}"`);
  });

  it("a language's file holds that language's texts only", () => {
    const title = { zh: "品牌", en: "Brands", es: "Marcas", ja: "ブランド" };
    const [shop] = SHOP.menus as Record<string, unknown>[];
    const files = emitI18n(modelOf({ ...SHOP, menus: [{ ...shop, title }] }));
    const consoleFiles = files.filter((f) => !f.path.endsWith("-public.gen.ts"));
    expect(consoleFiles.map((f) => f.path)).toEqual(
      Object.keys(title).map((language) => `src/generated/i18n/${language}.gen.ts`),
    );
    for (const [index, [language, text]] of Object.entries(title).entries()) {
      expect(consoleFiles[index].content, language).toContain(`shop: "${text}"`);
      for (const [other, otherText] of Object.entries(title))
        if (other !== language)
          expect(consoleFiles[index].content, `${language} holds ${other}`).not.toContain(otherText);
    }
  });

  it("types come from the JSON Schemas: a record, and inputs for an entity", () => {
    const brands = emitTypes(model).find((f) => f.path === "src/api/generated/types/brands.gen.ts")!.content;
    for (const want of [
      "export interface BrandsRecord",
      "export interface BrandsCreateInput",
      "export interface BrandsUpdateInput",
      "  created_by?: string | null;",
    ])
      expect(brands).toContain(want);
  });
});
