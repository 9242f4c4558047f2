// Work that may wait for the browser to be idle: loading what the next step will need (the console
// from the login, screens from the sidebar), never what the current page paints (issue 14 §3).

/** The browser's idle callback; the timeout makes a busy page still start within `timeoutMs`. */
export function whenBrowserIdle(work: () => void, timeoutMs = 3_000): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 1_000);
}

/** Whether the connection asks to save data: nothing is loaded ahead then. */
export const saveDataAsked = (): boolean =>
  typeof navigator !== "undefined" &&
  !!(navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
