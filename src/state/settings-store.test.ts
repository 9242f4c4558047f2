import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../settings";
import type { KeyValueStorage } from "./browser-storage";
import { SETTINGS_KEY, readSettings, writeSettings } from "./settings-store";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe("settings persistence", () => {
  it("has the spec §9 defaults", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      showSettings: true,
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: true,
      theme: "#1890ff",
    });
    expect(readSettings(memoryStorage())).toEqual(DEFAULT_SETTINGS);
  });
  it("keeps changed settings across a reload", () => {
    const storage = memoryStorage();
    writeSettings({ ...DEFAULT_SETTINGS, tagsView: false, fixedHeader: true, theme: "#13c2c2" }, storage);
    expect(readSettings(storage)).toEqual({
      ...DEFAULT_SETTINGS,
      tagsView: false,
      fixedHeader: true,
      theme: "#13c2c2",
    });
  });
  it("ignores unknown keys, wrong types, bad colours and broken JSON", () => {
    const storage = memoryStorage();
    storage.setItem(SETTINGS_KEY, JSON.stringify({ tagsView: "no", sidebarLogo: false, theme: "red", extra: 1 }));
    expect(readSettings(storage)).toEqual({ ...DEFAULT_SETTINGS, sidebarLogo: false });
    storage.setItem(SETTINGS_KEY, "{broken");
    expect(readSettings(storage)).toEqual(DEFAULT_SETTINGS);
  });
  it("works without any storage", () => {
    expect(readSettings(undefined)).toEqual(DEFAULT_SETTINGS);
  });
});
