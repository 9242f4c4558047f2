// bench/export: the employees list exported server-side at 1,000,000 rows, as CSV and
// as XLSX, while 2 connections keep reading other calls (a list page and a read by id). Prints, per
// format: seconds, rows, MB written, the server's RSS growth during the export (sampled from /proc
// every 50 ms) and the other calls' p50/p99, each against its budget: < 20 s, RSS growth < 50 MB,
// p99 < 50 ms → PASS/MISS. The peer is the console's own former export: the client-side CSV capped
// at 10,000 rows.
// Run: npm run bench:export   (BENCH_ROWS: rows, default 1000000; BENCH_FORMATS: csv,xlsx)
import autocannon from "autocannon";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import * as D from "./mock-server/data";
import { memoryOf } from "./mock-server/memory";
import { startOurs } from "./mock-server/servers";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** BENCH_FORMATS=csv runs one format only. */
const FORMATS = (process.env.BENCH_FORMATS ?? "csv,xlsx")
  .split(",")
  .filter((f): f is "csv" | "xlsx" => f === "csv" || f === "xlsx");
// Absolute: no same-run reference does an export's work; RSS is a size, and the other calls' p99 is a
// user-facing promise.
const BUDGET = { seconds: 20, rssGrowthMb: 50, p99Ms: 50 } as const;
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

async function exportOnce(format: "csv" | "xlsx"): Promise<Result> {
  const baseline = memoryOf(server.pid)?.rssMb ?? NaN;
  let peak = baseline;
  const sampler = setInterval(() => {
    const now = memoryOf(server.pid)?.rssMb;
    if (now !== undefined && now > peak) peak = now;
  }, 50);
  const others = autocannon({
    url: target.base,
    connections: 2,
    duration: 3600,
    headers: { Token: target.token! },
    requests: [
      { method: "GET", path: "/api/org/employees/pagelist?page=3&size=10" },
      { method: "GET", path: "/api/org/employees/detail?id=4242" },
    ],
  });
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
try {
  for (const format of FORMATS) {
    console.error(`· exporting ${format}`);
    results.push(await exportOnce(format));
  }
} finally {
  await server.stop();
}

console.log(
  `## bench/export: ${ROWS.toLocaleString("en-US")} employees exported server-side (node ${process.version})\n`,
);
console.log("| format | rows | MB | seconds | RSS growth MB | other calls p50 / p99 ms | verdict |");
console.log("|---|---:|---:|---:|---:|---:|---|");
for (const r of results) {
  const pass =
    r.seconds < BUDGET.seconds && r.rssGrowthMb < BUDGET.rssGrowthMb && r.p99 < BUDGET.p99Ms && r.errors === 0;
  console.log(
    `| ${r.format} | ${r.rows.toLocaleString("en-US")} | ${r.mb.toFixed(1)} | ${r.seconds.toFixed(1)} | ${r.rssGrowthMb.toFixed(1)} | ${r.p50} / ${r.p99} | ${pass ? "PASS" : "MISS"} |`,
  );
}
console.log(
  `\nBudgets: < ${BUDGET.seconds} s, RSS growth < ${BUDGET.rssGrowthMb} MB, other calls' p99 < ${BUDGET.p99Ms} ms. ` +
    "The console's former export (client-side CSV) stopped at 10,000 rows.",
);
