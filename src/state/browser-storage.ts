// JSON in localStorage, tolerant of a missing storage (tests, private mode) and of bad data.

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function defaultStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readJson<T>(key: string, storage = defaultStorage()): T | undefined {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown, storage = defaultStorage()): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the setting simply is not kept.
  }
}

export function removeKey(key: string, storage = defaultStorage()): void {
  storage?.removeItem(key);
}
