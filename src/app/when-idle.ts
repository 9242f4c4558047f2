// Work that waits for the current page to be painted: loading what the next step will need (the
// console from the login, screens from the sidebar), never what the current page paints.

/** The browser's idle callback; the timeout makes a busy page still start within `timeoutMs`. */
export function whenBrowserIdle(work: () => void, timeoutMs = 3_000): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 1_000);
}

/**
 * Runs `work` just after the page's next frame is painted: for what the next step needs at once,
 * loaded while the visitor reads the page (the console from the login: a sign-in typed within a
 * second of the page's load found an idle-time load only starting, bench:screens' worst rounds).
 */
export function afterNextPaint(work: () => void): void {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(work, 0));
  else setTimeout(work, 0);
}

/** Whether the connection asks to save data: nothing is loaded ahead then. */
export const saveDataAsked = (): boolean =>
  typeof navigator !== "undefined" &&
  !!(navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
