import i18next from "i18next";
import { describe, expect, it, vi } from "vitest";
import { createI18nProvider } from "./i18n-provider";

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: "en",
    fallbackLng: "en",
    resources: {
      en: { translation: { menu: { store: "Warehouses" }, list: { total: "{{total}} in total" } } },
      zh: { translation: { menu: { store: "仓库管理" } } },
    },
  });
  return i18n;
}

describe("refine i18n provider over i18next", () => {
  it("translates keys, interpolates and falls back to the default message or the key", async () => {
    const i18n = await instance();
    const provider = createI18nProvider(i18n.t, i18n, async () => undefined);
    expect(provider.translate("menu.store")).toBe("Warehouses");
    expect(provider.translate("list.total", { total: 3 })).toBe("3 in total");
    expect(provider.translate("buttons.create", undefined, "Create")).toBe("Create");
    expect(provider.translate("no.such.key")).toBe("no.such.key");
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
