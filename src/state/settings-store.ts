// The settings panel's values, kept across reloads (the original forgot them); defaults from src/settings.ts.
import { DEFAULT_SETTINGS, type UiSettings } from "../settings";
import { defaultStorage, readJson, writeJson, type KeyValueStorage } from "./browser-storage";
import { createStore } from "./create-store";

export const SETTINGS_KEY = "console-settings";

/** Stored values over the defaults; unknown keys and values of the wrong type are ignored. */
export function readSettings(storage: KeyValueStorage | undefined = defaultStorage()): UiSettings {
  const stored = readJson<Record<string, unknown>>(SETTINGS_KEY, storage) ?? {};
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    if (typeof stored[key] === typeof value) merged[key] = stored[key];
  }
  if (!/^#[0-9a-fA-F]{6}$/.test(String(merged.theme))) merged.theme = DEFAULT_SETTINGS.theme;
  return merged as unknown as UiSettings;
}

export function writeSettings(settings: UiSettings, storage: KeyValueStorage | undefined = defaultStorage()): void {
  writeJson(SETTINGS_KEY, settings, storage);
}

export const settingsStore = createStore<UiSettings>(readSettings(), (value) => writeSettings(value));

export function changeSetting<K extends keyof UiSettings>(key: K, value: UiSettings[K]): void {
  settingsStore.set((settings) => ({ ...settings, [key]: value }));
}
