// bench/export: the employees list exported server-side at 1,000,000 rows, as CSV and
// as XLSX, while 2 connections keep reading other calls (a list page and a read by id). Prints, per
// format: seconds, rows, MB written, the server's RSS growth during the export (sampled from /proc
// every 50 ms) and the other calls' p50/p99. References measured in the same run: the export's floor
// (bench/export-floor.ts: the same rows read and joined into lines in this process) and the other calls
// alone, just before the exports. Budgets (bench/ratio-budget.ts): each export's time over the floor's,
// the other calls' p99 during it counted in their calls alone (p99 × their rate alone), and RSS growth
// < 50 MB (absolute) → PASS/MISS. The peer is the console's own former export: the client-side CSV
// capped at 10,000 rows.
// Run: npm run bench:export   (BENCH_ROWS: rows, default 1000000; BENCH_FORMATS: csv,xlsx)
import autocannon from "autocannon";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { exportFloor } from "./export-floor";
import * as D from "./mock-server/data";
import { memoryOf } from "./mock-server/memory";
import { startOurs } from "./mock-server/servers";
import { allPass, p99InReferenceRequests, ratioTable, timeOverReference, type RatioBudget } from "./ratio-budget";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** BENCH_FORMATS=csv runs one format only. */
const FORMATS = (process.env.BENCH_FORMATS ?? "csv,xlsx")
  .split(",")
  .filter((f): f is "csv" | "xlsx" => f === "csv" || f === "xlsx");
/** bench/README.md, "Budgets are same-run ratios", tables where each number comes from. */
const BUDGET = {
  /**
   * An export's seconds over the floor's. Provisional: the recorded quiet runs at 1,000,000 rows (CSV
   * 8.2–8.4 s, XLSX 10.3–12.7 s) over this host's 1,000,000-row floor (2.3 s) are 3.6–5.5×; 20 s, the
   * absolute budget, is 8.7×. 7× keeps about the margin the absolute budget had over the slowest run.
   */
  overFloor: 7,
  /**
   * The other calls' p99 during an export × their rate alone ÷ 1,000: 50 ms, the absolute budget, at
   * their 2,600 calls/s alone on this host. Recorded quiet p99s of 2–6 ms are 5–16; the page-at-once
   * CSV of before (p99 117–288 ms) is 300–750.
   */
  p99InCallsAlone: 130,
  /** Absolute: a size does not follow the host's speed. */
  rssGrowthMb: 50,
} as const;
const root = resolve(import.meta.dirname, "..");
const work = join(root, "bench/.work/export");
mkdirSync(work, { recursive: true });
setTimeout(() => {
  console.error("bench/export: gave up after 20 minutes");
  process.exit(1);
}, 20 * 60_000).unref();

console.error(`· seeding ${ROWS.toLocaleString("en-US")} employees`);
const dbFile = join(work, "employees.db");
await D.seedEmployees(root, dbFile, ROWS, join(work, "seed.log"));
console.error("· the export's floor (median of 3)");
const floor = [0, 1, 2].map(() => exportFloor(dbFile, "employees")).sort((a, b) => a.seconds - b.seconds)[1];
const { server, target } = await startOurs(root, dbFile, join(work, "server.log"));

interface Result {
  format: string;
  seconds: number;
  rows: number;
  mb: number;
  rssGrowthMb: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The other calls: until stopped during an export, for `seconds` alone before the exports. */
const otherCalls = (seconds = 3600) =>
  autocannon({
    url: target.base,
    connections: 2,
    duration: seconds,
    headers: { Token: target.token! },
    requests: [
      { method: "GET", path: "/api/org/employees/pagelist?page=3&size=10" },
      { method: "GET", path: "/api/org/employees/detail?id=4242" },
    ],
  });

async function exportOnce(format: "csv" | "xlsx"): Promise<Result> {
  const baseline = memoryOf(server.pid)?.rssMb ?? NaN;
  let peak = baseline;
  const sampler = setInterval(() => {
    const now = memoryOf(server.pid)?.rssMb;
    if (now !== undefined && now > peak) peak = now;
  }, 50);
  const others = otherCalls();
  const started = performance.now();
  const response = await fetch(`${target.base}/api/org/employees/export?format=${format}&lang=en`, {
    headers: { Token: target.token! },
    signal: AbortSignal.timeout(600_000),
  });
  if (!response.ok) throw new Error(`export ${format}: HTTP ${response.status} ${await response.text()}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (format === "csv") for (const byte of chunk) if (byte === 10) newlines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  others.stop();
  const load = await others;
  clearInterval(sampler);
  const total = Number(response.headers.get("x-total-count"));
  if (format === "csv" && newlines !== total + 1) throw new Error(`CSV had ${newlines} lines for ${total} rows`);
  return {
    format,
    seconds,
    rows: total,
    mb: bytes / 2 ** 20,
    rssGrowthMb: peak - baseline,
    p50: load.latency.p50,
    p99: load.latency.p99,
    errors: load.errors + load.non2xx,
  };
}

const results: Result[] = [];
let alone: autocannon.Result;
try {
  console.error("· the other calls alone");
  alone = await otherCalls(4);
  for (const format of FORMATS) {
    console.error(`· exporting ${format}`);
    results.push(await exportOnce(format));
  }
} finally {
  await server.stop();
}

const aloneRate = alone.requests.total / (alone.duration || 4);
console.log(
  `## bench/export: ${ROWS.toLocaleString("en-US")} employees exported server-side (node ${process.version})\n`,
);
console.log(
  `floor: ${floor.rows.toLocaleString("en-US")} rows read and joined into lines in ${floor.seconds.toFixed(2)} s ` +
    `(${(floor.bytes / 2 ** 20).toFixed(1)} MB); the other calls alone: ${Math.round(aloneRate).toLocaleString("en-US")} calls/s, ` +
    `p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms\n`,
);
console.log(
  "| format | rows | MB | seconds | RSS growth MB | other calls p50 / p99 ms | failed calls | RSS and calls |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---|");
const budgets: RatioBudget[] = [];
let met = true;
for (const r of results) {
  const absolute = r.rssGrowthMb < BUDGET.rssGrowthMb && r.errors === 0;
  met &&= absolute;
  console.log(
    `| ${r.format} | ${r.rows.toLocaleString("en-US")} | ${r.mb.toFixed(1)} | ${r.seconds.toFixed(1)} | ${r.rssGrowthMb.toFixed(1)} | ${r.p50} / ${r.p99} | ${r.errors} | ${absolute ? "PASS" : "MISS"} |`,
  );
  budgets.push(
    timeOverReference({
      what: `${r.format}: the export's time over the floor's`,
      ms: r.seconds * 1000,
      reference: { name: "floor", ms: floor.seconds * 1000 },
      budget: BUDGET.overFloor,
    }),
    p99InReferenceRequests({
      what: `${r.format}: the other calls' p99 during it, in their calls alone`,
      p99Ms: r.p99,
      reference: { name: "the other calls alone", perSecond: aloneRate },
      budget: BUDGET.p99InCallsAlone,
    }),
  );
}
met &&= allPass(budgets);
console.log(`\n${ratioTable(budgets)}\n`);
console.log(
  `${met ? "PASS" : "MISS"} (the budgets above, RSS growth < ${BUDGET.rssGrowthMb} MB, no failed call). ` +
    "The console's former export (client-side CSV) stopped at 10,000 rows.",
);
process.exitCode = met ? 0 : 1;
