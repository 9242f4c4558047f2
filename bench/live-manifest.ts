// bench/live-manifest: the dev mode's budget, saving a manifest file → the new menu entry visible
// in the already-open console, signed in, tabs kept. It runs `npm run dev` in a copy of the
// project (tests/e2e/generator/dev-project.ts), opens the console in Chromium signed in with two
// tabs, then 5 times saves a new resource file and, once that has settled, the manifest with its
// menu entry, and measures in the page when the entry appears after the manifest's save. Median and worst.
// The reference, in the same Chromium and the same run: a static page (bench/static-page.ts) loaded five
// times before each save (after one uncounted load). PASS/MISS on the worst over the static page's
// median load (bench/ratio-budget.ts).
// Each round also checks that the page was not reloaded and the tabs are still there.
// Run: npm run bench:live
import { writeFileSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { chromium } from "@playwright/test";
import { parseDocument } from "yaml";
import { DEMO_PASSWORD } from "../mock-server/options";
import { startDevProject } from "../tests/e2e/generator/dev-project";
import { ratioTable, timeOverReference, verdictOf } from "./ratio-budget";
import { median, openStaticPage } from "./static-page";

const ROUNDS = 5;
const STATIC_LOADS_PER_ROUND = 5;
/**
 * The worst save → menu over the static page's median load. Provisional, as bench:screens': 1 s, the
 * analyst's promise, over the static page's 46–49 ms in the runs that measured it is 20–22×; the one
 * run of this script that measured both (load average 5–8): 619 ms over 49 ms, 12.6×. The path
 * (generator, server swap, Vite, render) is more node than browser, so a static page follows it only
 * roughly; quiet runs are to set it again.
 */
const MAX_WORST_OVER_STATIC_PAGE = 20;
const API_PORT = 4186;
const DEV_PORT = 4187;

/** Saves resource file `bench_live_<n>.yaml`, as an analyst does before the menu entry that shows it. */
function saveNewResource(root: string, n: number): void {
  writeFileSync(
    join(root, "schema", "resources", `bench_live_${n}.yaml`),
    `name: bench_live_${n}
title: { zh: 基准${n}, en: Bench ${n}, es: Banco ${n}, ja: ベンチ${n} }
api: /api/benchlive${n}/items
fields:
  item_name:
    type: string
    maxLength: 24
    x-ui: { label: { zh: 名称, en: Name, es: Nombre, ja: 名前 }, filter: contains }
seed: { rows: 3 }
`,
  );
}

/** Saves the manifest with a menu entry for `bench_live_<n>` under the root menu: the save that is timed. */
function saveMenuEntry(root: string, n: number): void {
  const title = `Bench screen ${n}`;
  const manifestPath = join(root, "schema", "manifest.yaml");
  const doc = parseDocument(readFileSync(manifestPath, "utf8"));
  (doc.getIn(["menu", "children"]) as { add: (v: unknown) => void }).add(
    doc.createNode({
      name: `benchlive${n}`,
      path: `/benchlive${n}`,
      title: { zh: `基准页${n}`, en: title, es: `Pantalla ${n}`, ja: `ベンチ画面${n}` },
      icon: "ExperimentOutlined",
      screen: { kind: "crud", resource: `bench_live_${n}`, views: ["list"] },
    }),
  );
  const text = doc.toString();
  writeFileSync(manifestPath, text);
}

const project = await startDevProject(API_PORT, DEV_PORT);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const staticPage = await openStaticPage(browser);
const staticLoads: number[] = [];
try {
  const context = await browser.newContext({
    baseURL: project.url,
    locale: "en-US",
    viewport: { width: 1366, height: 800 },
  });
  const page = await context.newPage();
  const login = await page.request.post("/api/sso/login", {
    data: { account_name: "admin", account_password: DEMO_PASSWORD, account_type: "enterprise", permissions: 1 },
  });
  const token = ((await login.json()) as { data: string }).data;
  await context.addCookies(
    Object.entries({
      "Admin-Token": token,
      "Admin-Name": "admin",
      "Admin-Account-Type": "enterprise",
      language: "en",
    }).map(([name, value]) => ({ name, value, domain: "127.0.0.1", path: "/" })),
  );
  await page.goto("/store");
  await page.locator(".navbar").waitFor({ timeout: 300_000 }); // the dev server transforms on first request
  await page.goto("/store/create");
  await page.locator('.app-page[data-page="/store/create"] form').waitFor({ timeout: 120_000 });
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const times: number[] = [];
  for (let n = 1; n <= ROUNDS; n++) {
    const title = `Bench screen ${n}`;
    staticLoads.push(...(await staticPage.load(STATIC_LOADS_PER_ROUND)));
    saveNewResource(project.root, n); // its own save; it adds no menu entry, so it is not timed
    await new Promise((tick) => setTimeout(tick, 2_500));
    // The page notes the moment the entry's text is in the sidebar (Date.now: the same clock as ours).
    // (A string: tsx would wrap a function's inner functions in a helper the page does not have.)
    const seen = page.evaluate<number>(`new Promise((done) => {
      const found = () => document.querySelector(".sidebar-container")?.textContent?.includes(${JSON.stringify(title)});
      const observer = new MutationObserver(() => {
        if (!found()) return;
        observer.disconnect();
        done(Date.now());
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    })`);
    seen.catch(() => undefined); // a failure is reported by the race below, not as an unhandled rejection
    await new Promise((tick) => setTimeout(tick, 200)); // the observer is in place
    saveMenuEntry(project.root, n);
    const saved = Date.now(); // the manifest file is on disk now
    const shown = await Promise.race([
      seen,
      new Promise<number>((_, fail) => setTimeout(() => fail(new Error(`round ${n}: not shown in 60 s`)), 60_000)),
    ]);
    const stillOpen = await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
    const tabs = await page
      .locator('.tags-view-item[data-path="/store"], .tags-view-item[data-path="/store/create"]')
      .count();
    if (!stillOpen || tabs !== 2) throw new Error(`round ${n}: the page was reloaded or lost its tabs`);
    times.push(shown - saved);
    console.log(`round ${n}: ${shown - saved} ms (no reload, both tabs kept)`);
    await new Promise((tick) => setTimeout(tick, 1_500)); // the dev servers settle before the next save
  }
  const worst = Math.max(...times);
  const staticMedian = median(staticLoads);
  console.log(
    `\nsave → new menu visible, signed in, tabs kept (${ROUNDS} saves, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}):`,
  );
  console.log(
    `median ${median(times)} ms, worst ${worst} ms; the static page's median load ${staticMedian.toFixed(1)} ms ` +
      `(${staticLoads.length} loads, ${Math.min(...staticLoads).toFixed(1)}–${Math.max(...staticLoads).toFixed(1)} ms)`,
  );
  const budget = timeOverReference({
    what: "worst save → menu over the static page's load",
    ms: worst,
    reference: { name: "static page", ms: staticMedian },
    budget: MAX_WORST_OVER_STATIC_PAGE,
  });
  console.log(`\n${ratioTable([budget])}\n\n${verdictOf(budget)}`);
  process.exitCode = verdictOf(budget) === "PASS" ? 0 : 1;
  // Where the time went, as the dev servers said it: regeneration, the server's swap, the console told.
  const stages = project
    .terminal()
    .split("\n")
    .filter((line) => /regenerated in|served in place in|console told/.test(line));
  console.log(
    `\nthe dev servers' own timings:\n${stages.map((line) => stripVTControlCharacters(line).trim()).join("\n")}`,
  );
} catch (error) {
  console.error(`npm run dev printed:\n${project.terminal().slice(-3000)}`);
  throw error;
} finally {
  await staticPage.close();
  await browser.close();
  project.stop();
}
