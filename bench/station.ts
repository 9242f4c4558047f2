// bench/station: a packing line at keyboard-wedge speed, in a real browser. The console is built and
// served by the production server from the same origin (as `npm start`), on a fresh seed; the stock is
// made through the chain's calls (bench/station-stock.ts): 1,000 item codes and 42 box codes
// generated and activated under a work order in production, 24 items to a box. Chromium opens 包装工位
// (/packingstation, parent first) and a box code is scanned, then its 24 items (the box closes by itself
// at capacity), then the next box…; the tail box of 16 is closed with F8. Each code is typed key by key,
// then Enter, on a schedule of one scan every 50 ms (20 codes/s), not after each verdict, by one of two
// key drivers (bench/station-keys.ts, BENCH_KEYS): pipelined (the default) sends a scan's key events
// at once, as a wedge scanner does, without waiting for the page between keys; sequential is
// Playwright's keyboard.type, each key a round trip through the page's main thread (BENCH_KEY_DELAY:
// ms added between its keys, default 0). Before the scans, the same codes typed into a blank page with
// one input by both drivers (bench/blank-input.ts) give the drivers' own cost of a scan on this host.
// The page notes each Enter's keydown and each verdict shown (bench/station-page.ts); a scan's time is
// Enter → the verdict naming its code, and each Enter's text must be the code sent, in order.
// Meanwhile another user (editor) reads the product list on one connection from a process of its own
// (bench/station-list-load.ts): back to back for 5 s before the scans (its rate alone, the reference),
// then one call every 10 ms during them (100 calls/s, many users' reading; back to back it would
// take one of the two cores the browser and the server need).
// Afterwards the API counts every item in exactly one box with one packing event (bench/station-check.ts).
//
// Budgets. The issue's are absolute: p99 Enter → verdict < 100 ms, the other user's list p99 < 50 ms.
// Both are printed with a PASS/MISS of their own, and the verdict is judged, as every speed budget is
// (docs/decisions/0006), as a ratio to a same-run reference measured before the load:
//   - the verdict's p99 over the median load of a static page in the same Chromium (bench/static-page.ts,
//     as bench:screens): the scan's path is the browser's as much as the server's;
//   - the list's p99 during the scans counted in its own calls alone (p99 × its rate alone ÷ 1,000, as
//     bench:login).
// Each ratio is the absolute budget at the references this machine measured in the first runs
// (2026-11-28, others taking 48–90% of the CPU; bench/README.md): 100 ms over static pages of 32–101 ms
// is 1–3× (2×); 50 ms at 2,400–3,300 list calls/s alone is 120–165 (125). The verdict's ratio is
// provisional: the first run passing the absolute budget (2026-11-29, p99 72.6 ms) was at 0.8×, and
// quiet runs of the passing station on more hosts are to set it. 0 lost, 0 doubled, a verdict for every scan and the pace (≥ 95% of 20 codes/s) are
// counts: any miss is a MISS whatever the times.
// Run: npm run bench:station   (BENCH_ITEMS: items, default 1000; BENCH_KEYS: pipelined or sequential;
// BENCH_KEY_DELAY: ms added between keys when sequential, default 0; BENCH_PACE_MS: ms between scans,
// default 50, a slower pace to see a scan's cost unqueued; BENCH_PROFILE=1: the console built unminified
// and the page's main thread profiled during the scans, bench/page-profile.ts; not a verdict's run)
import { chromium, type Browser, type Page } from "@playwright/test";
import { fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import { DEMO_PASSWORD } from "../mock-server/options";
import { removeDatabase, SEED_ANCHOR } from "./mock-server/data";
import { watchOtherLoad } from "./mock-server/machine";
import { runToEnd } from "./mock-server/processes";
import { startOurs } from "./mock-server/servers";
import {
  allPass,
  formatMs,
  p99InReferenceRequests,
  ratioTable,
  timeOverReference,
  type RatioBudget,
} from "./ratio-budget";
import { typeIntoBlankInput } from "./blank-input";
import { formatSummary, profilePage } from "./page-profile";
import { tracePage } from "./page-trace";
import { freePort } from "./devtools-socket";
import { countPacked } from "./station-check";
import { KEY_DRIVERS, keyDriverOf, scanTyper, type KeyDriverName, type TypeScan } from "./station-keys";
import type { LoadMessage, LoadReport } from "./station-list-load";
import { readLog, timeScans, verdictsShown, watchStation } from "./station-page";
import { apiOf, makeStock } from "./station-stock";
import { median, openStaticPage } from "./static-page";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const PER_BOX = 24;
/** One scan every 50 ms: 20 codes/s (BENCH_PACE_MS: another pace, to tell the page's cost from the pace's). */
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 50);
const KEYS = keyDriverOf(process.env.BENCH_KEYS);
const KEY_DELAY_MS = Number(process.env.BENCH_KEY_DELAY ?? 0);
/** The page profiled during the scans, the console unminified so that its functions keep their names. */
const PROFILE = process.env.BENCH_PROFILE;
/** Codes typed into the blank page by each driver, as the typing's reference. */
const BLANK_PAGE_SCANS = 50;
const KEY_DRIVERS_SAID: Record<KeyDriverName, string> = {
  pipelined: "pipelined: a scan's key events sent at once",
  sequential: `sequential: each key awaited, ${KEY_DELAY_MS} ms between keys`,
};
const ALONE_SECONDS = 5;
const STATIC_LOADS = 10;
/** The issue's absolute budgets. */
const VERDICT_P99_MS = 100;
const LIST_P99_MS = 50;
/** The verdict's p99 over the static page's median load (provisional: see the header). */
const MAX_VERDICT_OVER_STATIC_PAGE = 2;
/** The list's p99 during the scans × its rate alone ÷ 1,000 (provisional: see the header). */
const MAX_LIST_P99_IN_CALLS_ALONE = 125;
/** The pace reached: scans per second over the 20 wanted. */
const MIN_PACE = 0.95;
const LIST_PATH = "/api/base/products/pagelist?page=1&size=10";
/** The other user's pace during the scans. */
const LIST_INTERVAL_MS = 10;
/** How long the count waits for the station's queue to empty after the last verdict. */
const DRAIN_TIMEOUT_MS = 180_000;

const root = resolve(import.meta.dirname, "..");
const work = join(root, "bench/.work/station");
mkdirSync(work, { recursive: true });
setTimeout(() => {
  console.error("bench/station: gave up after 10 minutes");
  process.exit(1);
}, 10 * 60_000).unref();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

console.error("· building the console");
await build({ root, configLoader: "runner", logLevel: "warn", ...(PROFILE ? { build: { minify: false } } : {}) });
console.error("· seeding");
const dbFile = join(work, "station.db");
removeDatabase(dbFile);
await runToEnd(
  process.execPath,
  ["--import", "tsx", "mock-server/seed-cli.ts", "--anchor", SEED_ANCHOR, "--db-file", dbFile],
  { cwd: root, log: join(work, "seed.log"), timeoutMs: 300_000 },
);
const { server, target } = await startOurs(root, dbFile, join(work, "server.log"), { NODE_ENV: "production" });
const admin = apiOf(server.base, target.token!);
console.error(`· making ${ITEMS} items and their boxes`);
const stock = await makeStock(admin, ITEMS, PER_BOX);
const plan = new Map(
  stock.boxes.map((box, index) => [box, stock.items.slice(index * PER_BOX, (index + 1) * PER_BOX)] as const),
);
const scans = [...plan].flatMap(([box, items]) => [box, ...items]);

const editorToken = await signIn(server.base, "editor");
await apiOf(server.base, editorToken).call(LIST_PATH); // the other user may read it
const other = fork(join(root, "bench/station-list-load.ts"), [], {
  execArgv: ["--import", "tsx"],
  env: { ...process.env, BASE: server.base, TOKEN: editorToken, LIST_PATH, INTERVAL_MS: String(LIST_INTERVAL_MS) },
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
process.on("exit", () => other.kill("SIGKILL"));
const tell = (message: LoadMessage) => other.send(message);

// The pipelined keys go on the page's own DevTools socket (bench/devtools-socket.ts).
const debuggingPort = await freePort();
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", `--remote-debugging-port=${debuggingPort}`],
});
let run: Awaited<ReturnType<typeof drive>>;
try {
  run = await drive(browser);
} finally {
  await browser.close();
  tell({ stop: true });
}

console.error("· counting through the API");
const counted = await countPacked(admin, plan, PER_BOX);
await server.stop();

const { log, staticMedian, staticLoads, report, typing, drain, othersShare, blank } = run;
// The page's notes, for a miss to be looked into.
writeFileSync(join(work, "page-log.json"), JSON.stringify(log));
const timed = timeScans(log);
const times = timed.flatMap((scan) => (scan.ms === undefined ? [] : [scan.ms]));
const unanswered = timed.filter((scan) => scan.ms === undefined).map((scan) => scan.code);
// A key lost or out of order shows as an Enter whose text is not the code sent in its place.
const garbled = scans.filter((code, index) => log.enters[index]?.text !== code).length;
const blankGarbled = KEY_DRIVERS.reduce((sum, driver) => sum + blank[driver].garbled, 0);
const kinds = new Map<string, number>();
for (const scan of timed) kinds.set(scan.kind ?? "none", (kinds.get(scan.kind ?? "none") ?? 0) + 1);
// A scan answered by anything but its verdict of a clean line (opened, ok, complete) is a miss.
const strayVerdicts = timed.filter((scan) => scan.kind && !["opened", "ok", "complete"].includes(scan.kind));
const verdictP99 = percentile(times, 0.99);
const aloneRate = report.ms.alone.length / report.seconds.alone;
const listP99 = percentile(report.ms.during, 0.99);
const pace = scans.length / typing.seconds / (1000 / PACE_MS);
const lost = counted.lost.length + unanswered.length;
const doubled = counted.doubled.length + counted.misplaced.length + counted.overfull.length;

const ms = (values: readonly number[], q: number) => formatMs(percentile(values, q));
console.log(
  `bench/station: ${scans.length} scans (${plan.size} boxes, ${ITEMS} items, ${PER_BOX} to a box) into 包装工位 in Chromium, ` +
    `production build, load average ${load()}` +
    (othersShare === undefined ? "" : `, others' share of the CPU during the scans ${(othersShare * 100).toFixed(0)}%`),
);
console.log(
  `pace: ${scans.length} scans in ${typing.seconds.toFixed(1)} s = ${(scans.length / typing.seconds).toFixed(1)} codes/s ` +
    `(${(pace * 100).toFixed(1)}% of ${1000 / PACE_MS}); a code typed in ${ms(typing.typedMs, 0.5)} median, ${ms(typing.typedMs, 1)} worst ` +
    `(${scans[1].length} keys and Enter, ${KEY_DRIVERS_SAID[KEYS]}); a scan began at most ${ms(typing.lateMs, 1)} after its time; ` +
    `${log.enters.length} Enters, ${garbled} not carrying the code sent in its place; the station's queue ` +
    (drain.drained
      ? `empty ${drain.seconds.toFixed(1)} s after the last verdict`
      : `still holding scans after ${DRAIN_TIMEOUT_MS / 1000} s`),
);
console.log(
  `the first ${BLANK_PAGE_SCANS} codes typed into a blank page with one input before the scans, each by both drivers in turn, one scan after another: ` +
    KEY_DRIVERS.map(
      (driver) =>
        `${driver} ${ms(blank[driver].typedMs, 0.5)} median, ${ms(blank[driver].typedMs, 0.99)} p99 (${blank[driver].garbled} garbled)`,
    ).join("; "),
);
console.log(
  `Enter → verdict: p50 ${ms(times, 0.5)}, p99 ${formatMs(verdictP99)}, worst ${ms(times, 1)} (${times.length} verdicts; ` +
    `${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(", ")}); the static page's median load ${formatMs(staticMedian)} ` +
    `(${staticLoads.length} loads, ${formatMs(Math.min(...staticLoads))}–${formatMs(Math.max(...staticLoads))})`,
);
console.log(
  `the other user's list (editor, ${LIST_PATH}, one connection): alone, back to back, ${Math.round(aloneRate).toLocaleString("en-US")} calls/s, ` +
    `p50 ${ms(report.ms.alone, 0.5)}, p99 ${ms(report.ms.alone, 0.99)}; during the scans, one call every ${LIST_INTERVAL_MS} ms, p50 ${ms(report.ms.during, 0.5)}, ` +
    `p99 ${formatMs(listP99)}, worst ${ms(report.ms.during, 1)} (${report.ms.during.length} calls, ${report.failed.during} failed)`,
);
console.log(
  `counted through the API: ${lost} lost (${counted.lost.length} not in a box or without a packing event, ${unanswered.length} scans without a verdict), ` +
    `${doubled} doubled (${counted.doubled.length} in two boxes or packed twice, ${counted.misplaced.length} in another box, ` +
    `${counted.overfull.length} boxes over ${PER_BOX}); ${counted.packEvents} packing events for ${ITEMS} items; ` +
    `${strayVerdicts.length} scans answered other than opened, ok or complete`,
);
for (const code of [...counted.lost, ...unanswered, ...counted.doubled, ...counted.misplaced].slice(0, 10))
  console.log(`  e.g. ${code}`);

const absolute = [
  [`p99 Enter → verdict < ${VERDICT_P99_MS} ms`, verdictP99 < VERDICT_P99_MS],
  [`the other user's list p99 < ${LIST_P99_MS} ms`, listP99 < LIST_P99_MS],
] as const;
const counts = [
  ["every Enter carried the code sent, in order (on the blank page too)", garbled === 0 && blankGarbled === 0],
  ["0 lost", lost === 0],
  ["0 doubled", doubled === 0],
  ["every scan answered opened, ok or complete", strayVerdicts.length === 0],
  [`the pace ≥ ${MIN_PACE * 100}% of 20 codes/s`, pace >= MIN_PACE],
  [`the other user's calls all answered 200`, report.failed.during === 0 && report.failed.alone === 0],
] as const;
console.log("\nthe issue's absolute budgets (this machine, this run):");
for (const [what, met] of absolute) console.log(`${met ? "PASS" : "MISS"}  ${what}`);
console.log("counts:");
for (const [what, met] of counts) console.log(`${met ? "PASS" : "MISS"}  ${what}`);
const budgets: RatioBudget[] = [
  timeOverReference({
    what: "p99 Enter → verdict over the static page's median load",
    ms: verdictP99,
    reference: { name: "static page", ms: staticMedian },
    budget: MAX_VERDICT_OVER_STATIC_PAGE,
  }),
  p99InReferenceRequests({
    what: "the other user's list p99 during the scans, in its calls alone",
    p99Ms: listP99,
    reference: { name: "the list alone", perSecond: aloneRate },
    budget: MAX_LIST_P99_IN_CALLS_ALONE,
  }),
];
console.log(`\n${ratioTable(budgets)}`);
const met = allPass(budgets) && counts.every(([, ok]) => ok);
console.log(`\n${met ? "PASS" : "MISS"} (the ratio budgets and the counts)`);
process.exit(met ? 0 : 1);

/** The nearest-rank quantile `q` (0–1) of `values`; NaN when there are none. */
function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The static page's loads, the list alone, then the scans with the list during them. */
async function drive(browser: Browser) {
  const staticPage = await openStaticPage(browser);
  const context = await browser.newContext({
    baseURL: server.base,
    locale: "en-US",
    viewport: { width: 1366, height: 800 },
  });
  try {
    await context.addCookies(
      Object.entries({
        "Admin-Token": target.token!,
        "Admin-Name": "admin",
        "Admin-Account-Type": "enterprise",
        language: "en",
      }).map(([name, value]) => ({ name, value, domain: "127.0.0.1", path: "/" })),
    );
    const page = await context.newPage();
    await watchStation(page);
    await page.goto(`/packingstation?order_id=${stock.workOrder}&level=box`);
    await page.locator(".station-scanner").waitFor();
    await page.waitForFunction("document.activeElement?.classList.contains('station-scanner')", undefined, {
      timeout: 30_000,
    });

    console.error(
      `· references: the static page (${STATIC_LOADS} loads), the blank page typed by both key drivers, the list alone (${ALONE_SECONDS} s)`,
    );
    const staticLoads = await staticPage.load(STATIC_LOADS);
    const blank = await typeIntoBlankInput(browser, scans.slice(0, BLANK_PAGE_SCANS), debuggingPort);
    tell({ phase: "alone" });
    await new Promise((wait) => setTimeout(wait, ALONE_SECONDS * 1000));

    console.error(`· scanning ${scans.length} codes at 20 a second, keys ${KEYS}`);
    const typeScan = await scanTyper(page, KEYS, { debuggingPort, keyDelayMs: KEY_DELAY_MS });
    const others = watchOtherLoad();
    tell({ phase: "during" });
    const stopProfile = PROFILE === "1" ? await profilePage(page, join(work, "page.cpuprofile")) : undefined;
    const stopTrace = PROFILE === "trace" ? await tracePage(browser, page, join(work, "page-trace.json")) : undefined;
    const typing = await scanOnSchedule(page, scans, typeScan);
    // The last verdicts: one a scan, and the tail box's close.
    const wanted = scans.length + (scans.length % (PER_BOX + 1) === 0 ? 0 : 1);
    for (const started = Date.now(); (await verdictsShown(page)) < wanted && Date.now() - started < 30_000;)
      await new Promise((wait) => setTimeout(wait, 50));
    // A scan the station queued (shown "queued" while earlier ones are unanswered) reaches the server
    // when the queue replays it: the count waits for the queue to empty, else such a scan counts lost.
    const drainStarted = performance.now();
    const drained = await page
      .locator('[data-testid="station-queue"]')
      .waitFor({ state: "detached", timeout: DRAIN_TIMEOUT_MS })
      .then(() => true)
      .catch(() => false);
    const drain = { drained, seconds: (performance.now() - drainStarted) / 1000 };
    if (stopProfile) console.error(formatSummary(await stopProfile()));
    if (stopTrace) {
      const { totalMs, byName } = await stopTrace();
      console.error(`main thread busy ${totalMs.toFixed(0)} ms in top-level events; self time by event:`);
      for (const { name, ms } of byName.slice(0, 30)) console.error(`${ms.toFixed(0).padStart(8)} ms  ${name}`);
    }
    tell({ phase: "idle" });
    const othersShare = others();
    const report = await new Promise<LoadReport>((answer) => {
      other.once("message", (message) => answer(message as LoadReport));
      tell({ report: true });
    });
    return {
      log: await readLog(page),
      staticMedian: median(staticLoads),
      staticLoads,
      report,
      typing,
      drain,
      othersShare,
      blank,
    };
  } finally {
    await context.close();
    await staticPage.close();
  }
}

/** Types each code key by key, then Enter, scan i due at i × PACE_MS from the first; a late scan goes at once. */
async function scanOnSchedule(page: Page, codes: readonly string[], typeScan: TypeScan) {
  const lateMs: number[] = [];
  const typedMs: number[] = [];
  const started = performance.now();
  for (const [index, code] of codes.entries()) {
    const due = started + index * PACE_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    lateMs.push(Math.max(0, performance.now() - due));
    const typing = performance.now();
    await typeScan(code);
    typedMs.push(performance.now() - typing);
  }
  // The pace: the first scan's start to the last scan's Enter.
  const seconds = (performance.now() - started) / 1000;
  // The tail box holds fewer than its ratio: the operator closes it (F8) once the last item's verdict
  // is shown (pressed at once, the close's verdict would replace it in the same render, unseen).
  if (codes.length % (PER_BOX + 1) !== 0) {
    for (const waiting = Date.now(); (await verdictsShown(page)) < codes.length && Date.now() - waiting < 30_000;)
      await new Promise((wait) => setTimeout(wait, 20));
    await page.keyboard.press("F8");
  }
  return { lateMs, typedMs, seconds };
}

async function signIn(base: string, account: string): Promise<string> {
  const response = await fetch(`${base}/api/sso/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      account_name: account,
      account_password: DEMO_PASSWORD,
      account_type: "enterprise",
      permissions: 1,
    }),
  });
  const body = (await response.json()) as { data: string; message: string };
  if (!response.ok) throw new Error(`${account} could not sign in: ${body.message}`);
  return body.data;
}
