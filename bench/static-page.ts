// The browser benches' reference: a static page (no script, a table of ten rows, what a list screen
// shows) loaded in the same Chromium in the same run, answered by Playwright from memory so no code of
// ours is in it. It follows the host's speed as a screen does (parse, style, layout, paint), so a
// browser timing over its load judges the console, not the host.
import type { Browser } from "@playwright/test";

const cells = (tag: "th" | "td", values: readonly (string | number)[]) =>
  values.map((value) => `<${tag}>${value}</${tag}>`).join("");
const STATIC_PAGE = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Accounts</title>',
  "<style>body{font:14px sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:8px;text-align:left}</style>",
  "</head><body><h1>Accounts</h1><table>",
  `<thead><tr>${cells("th", ["Id", "Account name", "Name", "Type", "Department", "Status", "Phone", "Email"])}</tr></thead><tbody>`,
  ...Array.from(
    { length: 10 },
    (_, row) =>
      `<tr>${cells("td", [row + 1, `account${row}`, `Name ${row}`, "factory", "Sales", "enabled", "13800000000", `a${row}@example.com`])}</tr>`,
  ),
  "</tbody></table></body></html>",
].join("\n");
const STATIC_URL = "http://static.bench.invalid/accounts";

export interface StaticPage {
  /**
   * Loads the page once uncounted (the first load after a pause was the slowest of its round in every
   * round measured), then `count` times, each from the navigation's start to its load event, in ms.
   */
  readonly load: (count: number) => Promise<number[]>;
  readonly close: () => Promise<void>;
}

/** The static page in a browser context of its own, so the console's profile (cache, cookies) is untouched. */
export async function openStaticPage(browser: Browser): Promise<StaticPage> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 800 } });
  await context.route(STATIC_URL, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: STATIC_PAGE }),
  );
  const page = await context.newPage();
  return {
    async load(count) {
      await page.goto(STATIC_URL);
      const loads: number[] = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await page.goto(STATIC_URL);
        loads.push(performance.now() - started);
      }
      return loads;
    },
    close: () => context.close(),
  };
}

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
