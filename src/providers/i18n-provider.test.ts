import type { ResourceProps } from "@refinedev/core";
import i18next from "i18next";
import { describe, expect, it, vi } from "vitest";
import { refineResources } from "../generated/resources.gen";
import { buildMessages, loadMessageSources, type MessageSources } from "../i18n/messages";
import { LANGUAGES, type Language } from "../settings";
import { createI18nProvider } from "./i18n-provider";

const messageSources = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, await loadMessageSources(language)] as const)),
) as Record<Language, MessageSources>;
const messagesOf = (language: Language) => buildMessages(messageSources[language]);

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: "en",
    fallbackLng: "en",
    resources: {
      en: {
        translation: {
          menu: { store: "Warehouse management", setmenusenable: "Menus" },
          resource: { warehouses: { title: "Warehouses" } },
          list: { total: "{{total}} in total" },
          notifications: { success: "Success", createSuccess: "{{resource}}: record created" },
          screens: { viewTitle: { create: "{{title}} · New", edit: "{{title}} · Edit", show: "{{title}}" } },
        },
      },
      zh: {
        translation: {
          menu: { store: "仓库管理" },
          resource: { warehouses: { title: "仓库" } },
          notifications: { createSuccess: "已新增 {{resource}}" },
        },
      },
    },
  });
  return i18n;
}

const resources: ResourceProps[] = [
  { name: "store", list: "/store", meta: { labelKey: "menu.store", titleKey: "resource.warehouses.title" } },
  { name: "setmenusenable", list: "/setmenusenable", meta: { labelKey: "menu.setmenusenable" } },
  { name: "untitled", list: "/untitled" },
];

describe("refine i18n provider over i18next", () => {
  it("translates keys, interpolates and falls back to the default message or the key", async () => {
    const i18n = await instance();
    const provider = createI18nProvider(i18n.t, i18n, () => Promise.resolve());
    expect(provider.translate("menu.store")).toBe("Warehouse management");
    expect(provider.translate("list.total", { total: 3 })).toBe("3 in total");
    expect(provider.translate("buttons.create", undefined, "Create")).toBe("Create");
    expect(provider.translate("no.such.key")).toBe("no.such.key");
  });

  it("takes a string second argument as the default message, as refine's translate(key, default) does", async () => {
    const i18n = await instance();
    const provider = createI18nProvider(i18n.t, i18n, () => Promise.resolve());
    expect(provider.translate("notifications.success", "Successful")).toBe("Success");
    expect(provider.translate("notifications.missing", "Successful")).toBe("Successful");
  });

  it("changes the language through the shell and reports the current one", async () => {
    const i18n = await instance();
    const change = vi.fn(async (language: string) => void (await i18n.changeLanguage(language)));
    const provider = createI18nProvider(i18n.t, i18n, change);
    await provider.changeLocale("zh");
    expect(change).toHaveBeenCalledWith("zh");
    expect(provider.getLocale()).toBe("zh");
    expect(i18n.t("menu.store")).toBe("仓库管理");
  });
});

describe("a resource's name in refine's messages", () => {
  it("is the title of its records, not the route name", async () => {
    const i18n = await instance();
    const provider = createI18nProvider(i18n.t, i18n, () => Promise.resolve(), resources);
    // what useCreate asks: translate("store.store", "store") inside notifications.createSuccess
    const resource = provider.translate("store.store", "store");
    expect(resource).toBe("Warehouses");
    expect(provider.translate("notifications.createSuccess", { resource }, "Successfully created store")).toBe(
      "Warehouses: record created",
    );
    await i18n.changeLanguage("zh");
    expect(
      provider.translate("notifications.createSuccess", { resource: provider.translate("store.store", "store") }),
    ).toBe("已新增 仓库");
  });

  it("is the menu title for a menu without records, and refine's default for a resource without a title", async () => {
    const i18n = await instance();
    const provider = createI18nProvider(i18n.t, i18n, () => Promise.resolve(), resources);
    expect(provider.translate("setmenusenable.setmenusenable", "setmenusenable")).toBe("Menus");
    expect(provider.translate("untitled.untitled", "untitled")).toBe("untitled");
    expect(provider.translate("nowhere.nowhere", "nowhere")).toBe("nowhere");
  });

  it("titles refine's pages by the screen's title", async () => {
    const i18n = await instance();
    const provider = createI18nProvider(i18n.t, i18n, () => Promise.resolve(), resources);
    expect(provider.translate("store.titles.list", "Stores")).toBe("Warehouses");
    expect(provider.translate("store.titles.create", "Create Store")).toBe("Warehouses · New");
    expect(provider.translate("store.titles.edit", "Edit Store")).toBe("Warehouses · Edit");
    expect(provider.translate("store.titles.clone", "Clone Store")).toBe("Clone Store");
    expect(provider.translate("store.fields.name", "Name")).toBe("Name");
  });

  it("is a translated title for every generated resource in every language", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: "zh",
      resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: messagesOf(language) }])),
    });
    const provider = createI18nProvider(i18n.t, i18n, () => Promise.resolve(), refineResources);
    for (const language of LANGUAGES) {
      await i18n.changeLanguage(language);
      const untranslated = refineResources
        .map(({ name }) => [name, provider.translate(`${name}.${name}`, name)])
        .filter(([name, title]) => title === name || title === `${name}.${name}`);
      expect(untranslated, language).toEqual([]);
    }
    await i18n.changeLanguage("zh");
    expect(provider.translate("store.store", "store")).toBe("仓库");
  });
});
