// bench/station's clock in the page: the keydown of each Enter in the station's scanner (with the
// text its keys typed since the last Enter) and each verdict the station shows (its kind and code),
// both by performance.now() in the page, so neither Playwright's round trips nor its polling enter a
// timing. The verdict is noted by a MutationObserver, in the microtask after React commits it, before
// the paint.
import type { Page } from "@playwright/test";

export interface Enter {
  readonly text: string;
  readonly at: number;
}

export interface ShownVerdict {
  readonly kind: string;
  readonly code: string;
  readonly at: number;
}

export interface PageLog {
  readonly enters: Enter[];
  readonly verdicts: ShownVerdict[];
}

/**
 * Notes Enters and verdicts from the page's first script on: call before the station is opened. (A
 * string: tsx would wrap a function's inner functions in a helper the page does not have.) The
 * keydown listener captures at the window, added before the console's own scripts run, so it sees
 * each key before the scanner's listener there stops it. An Enter's text is the printable keys the
 * input got since the last Enter, in the order the page got them: the input's value is written only
 * once a frame (src/screen-kit/station/scanner-typing.ts), and a code the scanner misread would show
 * in its verdict and in the count through the API.
 */
export async function watchStation(page: Page): Promise<void> {
  await page.addInitScript(`(() => {
    const log = { enters: [], verdicts: [] };
    window.__stationLog = log;
    let typed = "";
    window.addEventListener("keydown", (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || !input.classList.contains("station-scanner")) return;
      if (event.key.length === 1) typed += event.key;
      if (event.key !== "Enter") return;
      log.enters.push({ text: typed, at: performance.now() });
      typed = "";
    }, true);
    let last = "";
    const note = () => {
      const verdict = document.querySelector(".station-verdict");
      if (!verdict) return;
      const kind = verdict.getAttribute("data-verdict") || "";
      const code = (verdict.querySelector(".station-verdict__code") || {}).textContent || "";
      if (kind === "waiting" || kind + " " + code === last) return;
      last = kind + " " + code;
      log.verdicts.push({ kind, code, at: performance.now() });
    };
    document.addEventListener("DOMContentLoaded", () =>
      new MutationObserver(note).observe(document.body, {
        childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["data-verdict"],
      }),
    );
  })()`);
}

export const readLog = (page: Page): Promise<PageLog> => page.evaluate<PageLog>("window.__stationLog");

/** How many verdicts the page has shown so far. */
export const verdictsShown = (page: Page): Promise<number> =>
  page.evaluate<number>("window.__stationLog.verdicts.length");

export interface Timed {
  readonly code: string;
  /** Enter → the verdict naming this code; undefined when none was shown. */
  readonly ms: number | undefined;
  /** The first verdict shown for this code (ok, opened, complete, refused, queued, …). */
  readonly kind: string | undefined;
}

/** Each Enter paired with the first verdict after it that names its code (each code is scanned once). */
export function timeScans(log: PageLog): Timed[] {
  return log.enters.map((enter) => {
    const verdict = log.verdicts.find((shown) => shown.code === enter.text && shown.at >= enter.at);
    return { code: enter.text, ms: verdict && verdict.at - enter.at, kind: verdict?.kind };
  });
}
