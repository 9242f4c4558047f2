// bench/epcis: GS1's EPCIS query and capture interface on a ledger of BENCH_EVENTS events (default
// 10,000,000; bench/epcis/ledger-build.ts), built once and cached under bench/.work/epcis keyed by
// a schema fingerprint (bench/epcis/ledger-cache.ts). In one server process (bench/epcis/server.ts,
// compiled as `npm start` runs the server), each for BENCH_SECONDS with BENCH_CONNECTIONS loops
// (bench/epcis/drive.ts):
//   the floor:        /bench/empty, the same HTTP stack and session check answering nothing;
//   an EPC's events:  /epcis/epcs/{epc}/events over 2,000 EPCs spread over the codes;
//   MATCH_epc:        /epcis/events?MATCH_epc={epc}, the same EPCs;
//   a time window:    /epcis/events?GE_eventTime=…&LT_eventTime=… one hour at a random point of
//                     the ledger, its first page and the next WALK_PAGES - 1 pages by their Link;
// then two captures of BENCH_CAPTURE_EVENTS events (default 10,000; bench/epcis/capture-run.ts): a
// dealer's receivings of codes shipped to another dealer (every event refused, the document rolled
// back), and the dealer's receiving of a waybill of that many codes (every event captured; the
// waybill must end received), each with the server process's CPU seconds over it (what the capture
// cost, apart from waiting on a busy machine) and its main thread's (the job's own work, without the
// garbage collector's helper threads and SQLite's workers); then the floor again. Budgets are ratios to the floor's rate in the
// same run (bench/README.md, "Budgets are same-run ratios"), printed beside the issue's absolute
// figures (p99 < 20 ms, a capture < 10 s). SQLite only: --engine pg is refused until it is built.
// BENCH_PART=capture measures the floor and the two captures only (no queries), for working on the capture.
// Run: npm run bench:epcis [-- --engine sqlite]
import { spawn, type ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from "../mock-server/build-server";
import { mainThreadCpuSeconds, processCpuSeconds, watchOtherLoad } from "./mock-server/machine";
import { enginesFromArgs } from "./bench-engine";
import { xorshift } from "./scan-codes";
import { allPass, formatMs, ratioTable, wholeNumber, type RatioBudget } from "./ratio-budget";
import { ledgerCache } from "./epcis/ledger-cache";
import { LEDGER_START } from "./epcis/life-events";
import { drive, request, type Get, type Timing } from "./epcis/drive";
import { timeCapture, type CaptureTiming } from "./epcis/capture-run";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
/** Codes loaded: a code's life is 1–6 events (4.9 on average), so this many always suffice. */
const CODES = Math.ceil(EVENTS / 4);
const CAPTURE_EVENTS = Number(process.env.BENCH_CAPTURE_EVENTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PART = process.env.BENCH_PART ?? "all";
if (PART !== "all" && PART !== "capture") throw new Error(`BENCH_PART is all or capture, not ${PART}`);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 4394);
/** Pages a time-window walk reads: its first and the next ones by their Link. */
const WALK_PAGES = 4;
const WINDOW_MS = 3600 * 1000;
const BUDGETS = {
  /** A query's p99 in floor requests (p99 × the floor's rate ÷ 1,000). */
  maxQueryP99InFloorRequests: 200,
  /** A capture's seconds in floor requests (seconds × the floor's rate). */
  maxCaptureInFloorRequests: 100_000,
};
const ABSOLUTE = { queryP99Ms: 20, captureSeconds: 10 };

const root = resolve(import.meta.dirname, "..");
const engines = enginesFromArgs();
if (engines.includes("pg"))
  throw new Error("bench:epcis measures SQLite only: its PostgreSQL ledger build is not written yet");
setTimeout(() => {
  console.error("bench/epcis: gave up after 60 minutes");
  process.exit(1);
}, 60 * 60_000).unref();

const int = (value: number) => Math.round(value).toLocaleString("en");
const work = join(root, "bench/.work/epcis");
mkdirSync(work, { recursive: true });
const BUNDLE = join(SERVER_BUNDLE, "..", "bench-epcis-server.mjs");
await buildServer(join(root, "bench/epcis/server.ts"), BUNDLE);

const child = (mode: "seed" | "serve", dbFile: string) =>
  spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=1: a CPU profile of the serving process, written to bench/.work/epcis when it exits.
      ...(process.env.BENCH_CPU_PROF && mode === "serve" ? ["--cpu-prof", `--cpu-prof-dir=${work}`] : []),
      ...SERVER_NODE_FLAGS,
      BUNDLE,
      mode,
    ],
    {
      env: {
        ...process.env,
        PORT: String(PORT),
        WORK_DIR: work,
        DB_FILE: dbFile,
        BENCH_CODES: String(CODES),
        BENCH_EVENTS: String(EVENTS),
        BENCH_CAPTURE_EVENTS: String(CAPTURE_EVENTS),
        DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill("SIGINT");
  await new Promise((exited) => server.once("exit", exited));
}

const cache = await ledgerCache(root, { events: EVENTS, codes: CODES });
if (existsSync(cache.file)) console.log(`reusing the ledger built earlier (${cache.file})`);
else {
  console.log(`building the ledger: ${int(CODES)} codes, ${int(EVENTS)} events (cached as ${cache.file})`);
  const building = `${cache.file}.building`;
  const seeder = child("seed", building);
  let out = "";
  seeder.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((done) => seeder.once("exit", done));
  if (code !== 0) throw new Error(`the ledger build exited with ${code}`);
  for (const suffix of ["-wal", "-shm"]) rmSync(`${building}${suffix}`, { force: true });
  renameSync(building, cache.file);
  writeFileSync(cache.built, out.trim().split("\n").at(-1)!);
}
const built = JSON.parse(readFileSync(cache.built, "utf8")) as {
  events: number;
  codes: number;
  seconds: Record<string, number>;
  until: string;
};
// Time windows fall where the ledger has events: from its first code's start to its last event.
const span = { start: LEDGER_START, ms: Date.parse(built.until) - LEDGER_START };
console.log(
  `ledger: ${int(built.events)} events over ${int(built.codes)} codes, built in ${built.seconds.total.toFixed(0)} s ` +
    `(demo seed ${built.seconds.demo.toFixed(0)} s, codes ${built.seconds.codes.toFixed(0)} s, events ${built.seconds.ledger.toFixed(0)} s)`,
);

interface RunFile {
  admin: string;
  epcs: string[];
  capture: { dealerToken: string; waybillId: number; accepted: unknown; refused: unknown; events: number };
}

const otherLoad = watchOtherLoad();
const server = child("serve", cache.file);
await new Promise<void>((ready, failed) => {
  server.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && ready());
  server.once("exit", (code) => failed(new Error(`server exited with ${code}`)));
});
const run = JSON.parse(readFileSync(join(work, "run.json"), "utf8")) as RunFile;

/** Events a page held and pages that had a next one, over every query answer. */
const pages = { answers: 0, events: 0, withNext: 0 };
async function page(get: Get, path: string): Promise<string | undefined> {
  const answer = await get(path);
  if (answer.status !== 200) return undefined;
  const body = JSON.parse(answer.body) as { epcisBody: { queryResults: { resultsBody: { eventList: unknown[] } } } };
  pages.answers += 1;
  pages.events += body.epcisBody.queryResults.resultsBody.eventList.length;
  if (answer.link) pages.withNext += 1;
  return answer.link ? /^<([^>]+)>/.exec(answer.link)?.[1] : undefined;
}

const epcAt = (n: number) => encodeURIComponent(run.epcs[n % run.epcs.length]);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const windowRandom = xorshift(20261128);
const phases = {
  floor: async (get: Get) => void (await get("/bench/empty")),
  epcEvents: async (get: Get, n: number) => void (await page(get, `/epcis/epcs/${epcAt(n)}/events`)),
  matchEpc: async (get: Get, n: number) => void (await page(get, `/epcis/events?MATCH_epc=${epcAt(n)}`)),
  timeWindow: async (get: Get) => {
    const from = span.start + Math.floor(windowRandom() * (span.ms - WINDOW_MS));
    let next: string | undefined = `/epcis/events?GE_eventTime=${iso(from)}&LT_eventTime=${iso(from + WINDOW_MS)}`;
    for (let read = 0; next && read < WALK_PAGES; read += 1) next = await page(get, next);
  },
};
type Phase = keyof typeof phases;
const measuredPhases = (PART === "capture" ? ["floor"] : Object.keys(phases)) as Phase[];
const measured: Partial<Record<Phase | "floorAfter", Timing>> = {};
const pagesOf: Partial<Record<Phase, typeof pages>> = {};
const captures: { refused?: CaptureTiming; accepted?: CaptureTiming; waybill?: string } = {};
try {
  const go = (phase: Phase, seconds: number) =>
    drive({ port: PORT, token: run.admin, connections: CONNECTIONS, seconds, step: phases[phase] });
  // Warm every path first (the JIT, the statement cache, the pages of the indexes), so the floor is not measured cold.
  for (const phase of measuredPhases) await go(phase, 2);
  for (const phase of measuredPhases) {
    Object.assign(pages, { answers: 0, events: 0, withNext: 0 });
    measured[phase] = await go(phase, SECONDS);
    pagesOf[phase] = { ...pages };
  }
  const serverCpu = {
    process: () => processCpuSeconds(server.pid),
    mainThread: () => mainThreadCpuSeconds(server.pid),
  };
  captures.refused = await timeCapture(PORT, run.capture.dealerToken, run.capture.refused, serverCpu);
  captures.accepted = await timeCapture(PORT, run.capture.dealerToken, run.capture.accepted, serverCpu);
  const waybill = await request(new http.Agent(), PORT, run.admin, `/bench/waybill/${run.capture.waybillId}`);
  captures.waybill = (JSON.parse(waybill.body) as { data: string }).data;
  measured.floorAfter = await go("floor", Math.min(SECONDS, 10));
} finally {
  await stop(server);
}
const load = otherLoad();
const loadAverage = loadavg()
  .map((figure) => figure.toFixed(2))
  .join(" ");

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim();
const floorRate = measured.floor!.perSecond;
const line = (name: string, t: Timing) =>
  `${name}: ${int(t.perSecond)} req/s p50 ${formatMs(t.p50)} p99 ${formatMs(t.p99)} max ${formatMs(t.max)} (${Object.entries(
    t.statuses,
  )
    .map(([status, count]) => `${status}: ${int(count)}`)
    .join(", ")})`;
console.log(
  `\n${new Date().toISOString().slice(0, 10)}, commit ${commit}, ${int(built.events)} ledger events, ${CONNECTIONS} connections, ${SECONDS} s each, logging on${PART === "capture" ? ", the captures only" : ""}`,
);
console.log(line("floor", measured.floor!));
const queryPhases = (["epcEvents", "matchEpc", "timeWindow"] as const).filter((phase) =>
  measuredPhases.includes(phase),
);
const queryName: Record<(typeof queryPhases)[number], string> = {
  epcEvents: "GET /epcis/epcs/{epc}/events",
  matchEpc: "GET /epcis/events?MATCH_epc",
  timeWindow: `GET /epcis/events?GE_eventTime&LT_eventTime (1 h, ${WALK_PAGES} pages by nextPageToken)`,
};
for (const phase of queryPhases) {
  const seen = pagesOf[phase]!;
  console.log(
    `${line(queryName[phase], measured[phase]!)}; ${(seen.events / Math.max(1, seen.answers)).toFixed(1)} events a page, ${int(seen.withNext)} of ${int(seen.answers)} pages had a next`,
  );
}
const drift = measured.floorAfter.perSecond / floorRate - 1;
console.log(
  `floor after the captures: ${int(measured.floorAfter.perSecond)} req/s (${(drift * 100).toFixed(1)}% on the floor before)`,
);
for (const [name, timing] of Object.entries({ refused: captures.refused, accepted: captures.accepted }))
  console.log(
    `capture of ${int(run.capture.events)} events, ${name}: ${timing.seconds.toFixed(2)} s (202 after ${timing.acceptedAfter.toFixed(2)} s` +
      `${timing.serverCpu === undefined ? "" : `; server CPU ${timing.serverCpu.toFixed(2)} s`}` +
      `${timing.mainThreadCpu === undefined ? "" : `, its main thread ${timing.mainThreadCpu.toFixed(2)} s`}); ` +
      `${Object.entries(timing.outcomes)
        .map(([outcome, count]) => `${outcome} ${int(count)}`)
        .join(", ")}; success ${timing.success}`,
  );
console.log(`the received waybill's status after the accepted capture: ${captures.waybill}`);
console.log(
  load === undefined
    ? "machine load: not measurable here (no /proc)"
    : `machine load: other processes used ${(load * 100).toFixed(1)}% of the machine's CPU time during the run${load > 0.05 ? " (the figures are disturbed)" : ""}; load average ${loadAverage}`,
);

const queryBudget = (what: string, t: Timing): RatioBudget => ({
  what: `${what}: p99 in floor requests`,
  figure: `p99 ${formatMs(t.p99)} (absolute < ${ABSOLUTE.queryP99Ms} ms: ${t.p99 < ABSOLUTE.queryP99Ms ? "PASS" : "MISS"})`,
  reference: `floor ${int(floorRate)} req/s`,
  ratio: (t.p99 * floorRate) / 1000,
  bound: "≤",
  budget: BUDGETS.maxQueryP99InFloorRequests,
  format: wholeNumber,
  atThisReference: `p99 ${formatMs((BUDGETS.maxQueryP99InFloorRequests / floorRate) * 1000)} at this floor`,
});
const captureBudget = (what: string, t: CaptureTiming): RatioBudget => ({
  what: `capture, ${what}: seconds in floor requests`,
  figure: `${t.seconds.toFixed(2)} s (absolute < ${ABSOLUTE.captureSeconds} s: ${t.seconds < ABSOLUTE.captureSeconds ? "PASS" : "MISS"})`,
  reference: `floor ${int(floorRate)} req/s`,
  ratio: t.seconds * floorRate,
  bound: "≤",
  budget: BUDGETS.maxCaptureInFloorRequests,
  format: wholeNumber,
  atThisReference: `${(BUDGETS.maxCaptureInFloorRequests / floorRate).toFixed(1)} s at this floor`,
});
const budgets = [
  ...queryPhases.map((phase) => queryBudget(queryName[phase], measured[phase]!)),
  captureBudget(`${int(run.capture.events)} refused events`, captures.refused),
  captureBudget(`${int(run.capture.events)} accepted events`, captures.accepted),
];
const queriesClean = queryPhases.every((phase) => {
  const t = measured[phase]!;
  return Object.keys(t.statuses).every((status) => status === "200") && pagesOf[phase]!.events > 0;
});
const capturesRight =
  captures.refused.outcomes.refused === run.capture.events &&
  captures.accepted.outcomes.captured === run.capture.events &&
  captures.waybill === "received";
console.log(`\n${ratioTable(budgets)}\n`);
const verdict = allPass(budgets) && queriesClean && capturesRight ? "PASS" : "MISS";
console.log(
  `${verdict} (PASS: every budget met, every query answered 200 with events, every refused event refused, every accepted event captured and the waybill received)`,
);
process.exitCode = verdict === "PASS" ? 0 : 1;
