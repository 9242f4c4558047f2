// bench/screens: time to a usable screen in a real browser, with the server on
// 1,000,000 employees. The console is built (vite build) and served by the mock server from the same
// origin, as `npm start` serves it; Chromium runs headless with no CPU throttling. After a first visit
// (printed, not counted), five rounds in the same browser profile (files cached, signed out between
// rounds) time three things a user waits for:
//   - sign in: the login button clicked → the dashboard's figures visible;
//   - menu click: 账号管理 (Accounts) clicked in the sidebar, its groups open → the list's rows visible;
//   - a filter: an account name typed and Search clicked → the filtered rows visible.
// The end of each is noted in the page itself (a MutationObserver notes when the wanted element
// appears, by Date.now(), the same clock as this script's), so Playwright's polling adds nothing. Median and worst of 5.
// The reference, in the same Chromium and the same run: a static page (bench/static-page.ts) loaded five
// times before each round (after one uncounted load).
// PASS/MISS on the worst of each step over the median load of the static page (bench/ratio-budget.ts).
// Run: npm run bench:screens   (BENCH_ROWS: employees, default 1000000; BENCH_AGAINST=<revision>: that
// commit's console and server timed too, in the same browser and rounds, see against-tree.ts and screens-against.ts)
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import { DEMO_PASSWORD } from "../mock-server/options";
import * as D from "./mock-server/data";
import { runToEnd } from "./mock-server/processes";
import { startOurs } from "./mock-server/servers";
import { allPass, ratioTable } from "./ratio-budget";
import { median, openStaticPage } from "./static-page";
import { againstRevision, commitOf, prepareAgainstTree } from "./against-tree";
import {
  noTimes,
  refuseFixedPort,
  roundOrder,
  screensAgainstReport,
  stepBudgets,
  STEPS,
  type StepTimes,
} from "./screens-against";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ROUNDS = 5;
/** The static page's loads before each round; the reference is their median over the timed rounds. */
const STATIC_LOADS_PER_ROUND = 5;
const root = resolve(import.meta.dirname, "..");
const work = join(root, "bench/.work/screens");
mkdirSync(work, { recursive: true });
const revision = againstRevision();
if (revision) refuseFixedPort();
// BENCH_AGAINST builds a second console and times every round twice.
const limitMinutes = revision ? 35 : 20;
setTimeout(() => {
  console.error(`bench/screens: gave up after ${limitMinutes} minutes`);
  process.exit(1);
}, limitMinutes * 60_000).unref();

/**
 * The console of the tree at `treeRoot`, built by that tree's own Vite config into its own dist/ (the
 * server started from that root serves it). Run from that root in a process of its own: the config
 * finds its plugins and paths from there, not from this tree.
 */
async function buildConsoleAt(treeRoot: string, log: string): Promise<void> {
  const vite = join(treeRoot, "node_modules/vite/bin/vite.js");
  const args = [vite, "build", "--configLoader", "runner", "--logLevel", "warn"];
  await runToEnd(process.execPath, args, { cwd: treeRoot, log, timeoutMs: 600_000 });
}

console.error("· building the console");
await build({ root, configLoader: "runner", logLevel: "warn" });
const against = revision ? await prepareAgainstTree(root, revision, join(work, "build-against.log")) : undefined;
if (against) {
  console.error(`· building the console at ${against.short}`);
  await buildConsoleAt(against.root, join(work, `build-console-${against.short}.log`));
}
console.error(`· seeding ${ROWS.toLocaleString("en-US")} employees`);
const dbFile = join(work, "employees.db");
await D.seedEmployees(root, dbFile, ROWS, join(work, "seed.log"));
// The older server on a copy of this tree's seeded file, made before either server writes to it: the
// same rows on both (an older seeder may draw other rows), so both filters look for the same kind of name.
const olderDb = against && join(work, `employees-${against.short}.db`);
if (olderDb) await D.copyDatabase(dbFile, olderDb);
const { server } = await startOurs(root, dbFile, join(work, "server.log"), { NODE_ENV: "production" });
// Its server was built by prepareAgainstTree, by its own build script.
const olderServer =
  against && olderDb
    ? (
        await startOurs(
          against.root,
          olderDb,
          join(work, `server-${against.short}.log`),
          { NODE_ENV: "production" },
          async () => {},
        )
      ).server
    : undefined;

/**
 * Starts watching for `selector` to match a visible element whose text passes `textTest` (a JS
 * expression over `text`); the returned promise gives the page's Date.now() when it first does.
 * (A string: tsx would wrap a function's inner functions in a helper the page does not have.)
 */
async function whenShown(page: Page, selector: string, textTest = "true"): Promise<() => Promise<number>> {
  await page.evaluate(`window.__shown = new Promise((done) => {
    const found = () => [...document.querySelectorAll(${JSON.stringify(selector)})].some((el) => {
      const text = el.textContent || "";
      return el.getClientRects().length > 0 && (${textTest});
    });
    if (found()) return done(Date.now());
    const observer = new MutationObserver(() => {
      if (!found()) return;
      observer.disconnect();
      done(Date.now());
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }); undefined`); // (the page keeps the promise; evaluate would otherwise wait for it)
  return async () => {
    const at = await Promise.race([
      page.evaluate<number>("window.__shown"),
      new Promise<undefined>((done) => setTimeout(done, 60_000)),
    ]);
    if (at !== undefined) return at;
    const text = (
      await page
        .locator("body")
        .innerText()
        .catch(() => "")
    )
      .replace(/\s+/g, " ")
      .slice(0, 300);
    throw new Error(`${selector} not shown in 60 s; the page at ${page.url()} shows: ${text}`);
  };
}

/** A console under test in its own browser profile; `name` (its commit) only in a BENCH_AGAINST run. */
interface Profile {
  readonly name?: string;
  readonly context: BrowserContext;
  readonly times: StepTimes;
}

/**
 * One round of the console in `profile`: signed out (cookies and storage cleared, so it starts from the
 * login), then the three steps timed into its times; returns the round's line.
 */
async function visit({ context, times: stepTimes }: Profile): Promise<string> {
  await context.clearCookies();
  await context.addCookies([{ name: "language", value: "en", domain: "127.0.0.1", path: "/" }]);
  const page = await context.newPage();
  try {
    await page.goto("/login");
    await page.evaluate("localStorage.clear(); sessionStorage.clear()");
    await page.reload();
    await page.getByLabel("Account name").fill("admin");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    // The login navigates within the page (no reload), so the observer set here sees the dashboard.
    let shown = await whenShown(page, ".dashboard-figure .ant-statistic-content-value");
    let started = Date.now(); // the same clock as the page's

    await page.getByRole("button", { name: "Log in" }).click();
    stepTimes["sign in → dashboard figures"].push((await shown()) - started);

    // Opening the groups (产品追溯系统 → 组织机构 → 人员管理) are clicks of their own; the timed one is the screen's.
    // A click that lands while the menu still animates may not open its group: it is clicked again until it is open.
    // The sidebar's titles: the manifest's short one where it gives one (产品追溯系统: Traceability).
    for (const group of ["Traceability", "Organisation", "Staff"]) {
      const title = page
        .locator(".sidebar-container .ant-menu-submenu-title")
        .filter({ hasText: new RegExp(`^${group}$`) });
      for (let attempt = 0; (await title.getAttribute("aria-expanded")) !== "true"; attempt++) {
        if (attempt === 5) throw new Error(`the sidebar group ${group} did not open`);
        await title.click();
        await page.waitForTimeout(300);
      }
    }
    const accounts = page.locator(".sidebar-container .ant-menu-item").filter({ hasText: "Accounts" });
    await accounts.waitFor();
    shown = await whenShown(page, '.app-page[data-page="/stafflist"] .ant-table-row');
    started = Date.now();
    await accounts.click();
    stepTimes["menu click → list rows"].push((await shown()) - started);

    // An account name from the page shown, typed in part: the filter must find it among a million.
    const list = page.locator('.app-page[data-page="/stafflist"]');
    const firstName = (await list.locator(".ant-table-row").first().locator("td").nth(1).innerText()).trim();
    const wanted = firstName.slice(0, Math.max(4, firstName.length - 1));
    await list.locator(".ant-form-item").filter({ hasText: "Account name" }).locator("input").fill(wanted);
    // The rows count once the filtered call has answered and the table has left its loading state
    // (the rows before it may hold the same name, so the rows alone do not say the filter is done).
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes("/api/org/employees/pagelist") && response.url().includes(encodeURIComponent(wanted)),
    );
    started = Date.now();
    await list.getByRole("button", { name: "Search" }).click();
    await answered;
    shown = await whenShown(
      page,
      '.app-page[data-page="/stafflist"] .ant-table-row',
      `!document.querySelector('.app-page[data-page="/stafflist"] .ant-spin-blur')`,
    );
    const filtered = (await shown()) - started;
    stepTimes["filter → rows"].push(filtered);
    return STEPS.map((step) => `${step} ${stepTimes[step].at(-1)} ms`).join(", ");
  } finally {
    await page.close();
  }
}

const staticLoads: number[] = [];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const staticPage = await openStaticPage(browser);
// One browser profile for every round, as a staff member's browser: round 0 is the first visit
// (nothing cached, printed apart); the 5 timed rounds sign in again with the files in the cache,
// each after signing out (cookies and storage cleared, so the console starts from the login).
// BENCH_AGAINST: the older console in a profile of its own in the same browser, as a second staff member's.
const profileFor = (base: string) =>
  browser.newContext({ baseURL: base, locale: "en-US", viewport: { width: 1366, height: 800 } });
const ours: Profile = {
  name: against && commitOf(root),
  context: await profileFor(server.base),
  times: noTimes(),
};
const older: Profile | undefined =
  against && olderServer
    ? { name: against.short, context: await profileFor(olderServer.base), times: noTimes() }
    : undefined;
try {
  for (let round = 0; round <= ROUNDS; round++) {
    const loads = await staticPage.load(STATIC_LOADS_PER_ROUND);
    if (round > 0) staticLoads.push(...loads); // round 0 warms the browser, as the first visit is not counted
    // Each round times both consoles in turn, in the other order the next round: neither always goes first.
    const lines: string[] = [];
    for (const profile of older ? roundOrder(round, ours, older) : [ours]) {
      const line = await visit(profile);
      lines.push(profile.name ? `${profile.name} ${line}` : line);
      if (round === 0) for (const step of STEPS) profile.times[step].pop(); // not one of the timed rounds
    }
    const staticLine = `static page ${loads.map((ms) => ms.toFixed(1)).join(", ")} ms`;
    console.log(
      round === 0
        ? `first visit (nothing cached, not counted): ${lines.join("; ")}; ${staticLine}`
        : `round ${round}: ${lines.join("; ")}; ${staticLine}`,
    );
  }
} finally {
  await ours.context.close();
  await older?.context.close();
  await staticPage.close();
  await browser.close();
  await server.stop();
  await olderServer?.stop();
}

const stepTimes = ours.times;
const staticMedian = median(staticLoads);
console.log(
  `\ntime to a usable screen, ${ROWS.toLocaleString("en-US")} employees, ${ROUNDS} rounds, production build, no CPU throttling (load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}); the static page's median load ${staticMedian.toFixed(1)} ms (${staticLoads.length} loads, ` +
    `${Math.min(...staticLoads).toFixed(1)}–${Math.max(...staticLoads).toFixed(1)} ms):`,
);
console.log("| step | median | worst |\n|---|---:|---:|");
for (const step of STEPS)
  console.log(`| ${step} | ${median(stepTimes[step])} ms | ${Math.max(...stepTimes[step])} ms |`);
const budgets = stepBudgets(stepTimes, staticMedian);
console.log(`\n${ratioTable(budgets)}`);
console.log(allPass(budgets) ? "\nPASS" : "\nMISS");
if (against && older && ours.name)
  console.log(
    `\n${screensAgainstReport({
      rows: ROWS,
      current: ours.name,
      older: against.short,
      staticMedian,
      ours: ours.times,
      olderTimes: older.times,
    })}`,
  );
