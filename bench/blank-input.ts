// bench/station's reference for typing: a blank page with one input, no script of ours but a keydown
// listener that keeps each Enter's text and empties the input (as the station's scanner does), in a
// browser context of its own. The same codes typed there by the same key driver tell the driver's
// and Chromium's own cost of a scan from our page's: if a code takes nearly as long here as on the
// station, the driver is the limit, not the page.
import type { Browser } from "@playwright/test";
import { KEY_DRIVERS, scanTyper, type KeyDriverName, type TypeScan } from "./station-keys";

const BLANK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scanner</title></head>
<body><input id="scanner" autocomplete="off" spellcheck="false"><script>
  window.__enters = [];
  const input = document.getElementById("scanner");
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    window.__enters.push(input.value);
    input.value = "";
  });
  input.focus();
</script></body></html>`;

export interface BlankTyping {
  /** Each scan's time, from its first key sent to its Enter handled, in ms. */
  readonly typedMs: number[];
  /** The scans whose Enter did not carry the code sent (lost or reordered keys). */
  readonly garbled: number;
}

/**
 * Types each of `codes` (then Enter) into the blank page once by each driver, the drivers taking turns
 * to go first, one scan after another with no pause: on a shared host the load changes by the second,
 * and interleaved, each driver meets the same.
 */
export async function typeIntoBlankInput(
  browser: Browser,
  codes: readonly string[],
  debuggingPort: number,
): Promise<Record<KeyDriverName, BlankTyping>> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 800 } });
  try {
    const page = await context.newPage();
    await page.setContent(BLANK_PAGE);
    const typers = Object.fromEntries(
      await Promise.all(
        KEY_DRIVERS.map(async (driver) => [driver, await scanTyper(page, driver, { debuggingPort })] as const),
      ),
    ) as Record<KeyDriverName, TypeScan>;
    const sent: { driver: KeyDriverName; code: string; ms: number }[] = [];
    for (const [index, code] of codes.entries()) {
      const turn = index % 2 === 0 ? KEY_DRIVERS : [...KEY_DRIVERS].reverse();
      for (const driver of turn) {
        const started = performance.now();
        await typers[driver](code);
        sent.push({ driver, code, ms: performance.now() - started });
      }
    }
    const enters = await page.evaluate<string[]>("window.__enters");
    const typing = (driver: KeyDriverName): BlankTyping => ({
      typedMs: sent.filter((scan) => scan.driver === driver).map((scan) => scan.ms),
      garbled: sent.filter((scan, index) => scan.driver === driver && enters[index] !== scan.code).length,
    });
    return { sequential: typing("sequential"), pipelined: typing("pipelined") };
  } finally {
    await context.close();
  }
}
