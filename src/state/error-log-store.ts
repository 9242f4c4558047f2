// spec §8: client errors collected for the error-log dialog.
import { createStore } from "./create-store";
import { settingsStore } from "./settings-store";

export interface ErrorLogEntry {
  readonly id: number;
  readonly message: string;
  readonly info: string;
  readonly url: string;
  readonly stack: string;
  readonly time: number;
}

let nextId = 1;

export const errorLogStore = createStore<readonly ErrorLogEntry[]>([]);

/** On in production builds; in development only when the settings panel's switch is on. */
export function errorLogEnabled(): boolean {
  if (import.meta.env.PROD) return true;
  return settingsStore.get().errorLogInDev;
}

export function addErrorLog(error: unknown, info: string): void {
  if (!errorLogEnabled()) return;
  const err = error instanceof Error ? error : new Error(typeof error === "string" ? error : JSON.stringify(error));
  const entry: ErrorLogEntry = {
    id: nextId++,
    message: err.message,
    info,
    url: typeof window === "undefined" ? "" : window.location.href,
    stack: err.stack ?? "",
    time: Date.now(),
  };
  errorLogStore.set((entries) => [...entries, entry]);
}

export function clearErrorLog(): void {
  errorLogStore.set([]);
}
