// bench/code-generation-job: one 1,000,000-code generation job on the real server
// while 2 connections read authenticated lists (the job's code batch list, the brands list); prints
// the job's codes/s and the lists' p50/p99 during it. The reference: the same calls by the same
// 2 connections alone, just before the job. Budget: the lists' p99 during the job counted in their
// calls alone (p99 × their rate alone), a ratio the host's speed moves little (bench/ratio-budget.ts) → PASS/MISS.
// Run: npm run bench:codegen   (BENCH_CODES: codes in the job, default 1000000;
// BENCH_AGAINST=<revision>: the same job on that commit's server too, see against-tree.ts and codegen-against.ts)
import autocannon from "autocannon";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEMO_PASSWORD } from "../mock-server/options";
import { ratioTable } from "./ratio-budget";
import { againstRevision, commitOf, prepareAgainstTree } from "./against-tree";
import { startFloodServer, stopServer, type Tree } from "./login-flood-process";
import { jobBudget, jobMet, type JobRun } from "./codegen-verdict";
import { codegenAgainstReport } from "./codegen-against";

const CODES = Number(process.env.BENCH_CODES ?? 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const root = resolve(import.meta.dirname, "..");
const work = join(root, "bench/.work/code-generation-job");
mkdirSync(work, { recursive: true });
const revision = againstRevision();
// BENCH_AGAINST runs the job three times more: on the older commit's server twice, on this tree's again.
const limitMinutes = revision ? 50 : 15;
setTimeout(() => {
  console.error(`bench/code-generation-job: gave up after ${limitMinutes} minutes`);
  process.exit(1);
}, limitMinutes * 60_000).unref();

/** The tree's own server, on a fresh database named by its tree. */
const start = (tree: Tree) =>
  startFloodServer(tree, PORT, join(work, tree.name ? `bench-${tree.name}.db` : "bench.db"));

const base = `http://127.0.0.1:${PORT}`;

/** A code batch's row on its list, as far as the bench reads it. */
interface CodeBatch {
  readonly status: string;
  readonly succeeded: number;
}

async function api<Data = unknown>(
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ code: number; message: string; data: Data }> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as never;
}

/** The other calls: until stopped during the job, for `seconds` alone before it. */
function listLoad(token: string, batchList: string, seconds = 3600) {
  return autocannon({
    url: base,
    connections: 2,
    duration: seconds,
    headers: { token },
    requests: [
      { method: "GET", path: batchList },
      { method: "GET", path: "/api/base/brands/pagelist?page=1&size=10" },
    ],
  });
}

/** The job on `tree`'s server, its lines printed (prefixed by the tree's name when it has one). */
async function measureJob(tree: Tree): Promise<JobRun> {
  const prefix = tree.name ? `${tree.name} ` : "";
  const server = await start(tree);
  try {
    const login = await api<string>("/api/sso/login", undefined, {
      account_name: "admin",
      account_password: DEMO_PASSWORD,
      account_type: "enterprise",
      permissions: 1,
    });
    if (login.code !== 0) throw new Error(`sign-in refused: ${login.message}`);
    const token = login.data;
    const rule = await api<{ id: number }>("/api/tagging/coderules/add", token, {
      rule_code: "BENCH-1",
      rule_name: "百万码基准",
      code_type: "item",
      kind: "segments",
      length: 20,
      charset: "alphanumeric",
      segments: "level + random:18 + check",
      status: "enabled",
    });
    if (rule.code !== 0) throw new Error(`rule refused: ${rule.message}`);
    const order = await api<{ id: number }>("/api/tagging/codeorders/add", token, {
      order_no: "BENCH-O1",
      rule_id: rule.data.id,
      quantity: CODES,
    });
    if (order.code !== 0) throw new Error(`order refused: ${order.message}`);
    const batchList = `/api/tagging/codebatches/pagelist?page=1&size=10&order_id=${order.data.id}`;
    const quiet = await listLoad(token, batchList, 4);

    const load = listLoad(token, batchList);
    const started = Date.now();
    const generate = await api("/api/tagging/codeorders/generate", token, { id: order.data.id });
    const answered = Date.now() - started;
    if (generate.code !== 0) throw new Error(`generate refused: ${generate.message}`);
    let batch: CodeBatch = { status: "queued", succeeded: 0 };
    while (batch.status !== "done" && batch.status !== "failed") {
      await new Promise((wait) => setTimeout(wait, 500));
      batch = (await api<{ list: CodeBatch[] }>(batchList, token)).data.list[0];
    }
    const seconds = (Date.now() - started) / 1000;
    load.stop();
    const during = await load;
    const quietRate = quiet.requests.total / (quiet.duration || 4);
    console.log(
      `${prefix}job: ${batch.succeeded} of ${CODES} codes ${batch.status} in ${seconds.toFixed(1)} s → ${Math.round(batch.succeeded / seconds).toLocaleString("en")} codes/s ` +
        `(the generate call answered in ${answered} ms)`,
    );
    console.log(
      `${prefix}lists alone: ${Math.round(quietRate).toLocaleString("en")} calls/s p50 ${quiet.latency.p50} ms p99 ${quiet.latency.p99} ms`,
    );
    console.log(
      `${prefix}lists during the job: p50 ${during.latency.p50} ms p99 ${during.latency.p99} ms max ${during.latency.max} ms ` +
        `(${during.requests.total} calls, ${during.errors} errors, ${during.non2xx} non-2xx)`,
    );
    // The trace codes list itself, once the table holds the job's codes (its cost grows with the table,
    // which is the list's concern, not the job's).
    const after = await autocannon({
      url: base,
      connections: 2,
      duration: 4,
      headers: { token },
      requests: [{ method: "GET", path: "/api/tagging/tracecodes/pagelist?page=1&size=10" }],
    });
    console.log(`${prefix}trace codes list after the job: p50 ${after.latency.p50} ms p99 ${after.latency.p99} ms`);
    return {
      codes: CODES,
      succeeded: batch.succeeded,
      status: batch.status,
      seconds,
      answeredMs: answered,
      alone: { perSecond: quietRate, p50: quiet.latency.p50, p99: quiet.latency.p99 },
      during: {
        p50: during.latency.p50,
        p99: during.latency.p99,
        max: during.latency.max,
        calls: during.requests.total,
        errors: during.errors,
        non2xx: during.non2xx,
      },
    };
  } finally {
    await stopServer(server);
  }
}

const against = revision ? await prepareAgainstTree(root, revision, join(work, "build-against.log")) : undefined;
const ours = await measureJob({ root });
const budget = jobBudget("the lists' p99 during the job, in their calls alone", ours);
const verdict = jobMet(budget, ours) ? "PASS" : "MISS";
console.log(`\n${ratioTable([budget])}\n`);
console.log(`${verdict} (the budget above, no failed call, the job done)`);
process.exitCode = verdict === "PASS" ? 0 : 1;
if (against) {
  // The pair again, the older commit first this time (ours, the older, the older, ours): neither always runs first.
  console.log("");
  const older: Tree = { root: against.root, name: against.short };
  const olderFirst = await measureJob(older);
  const olderSecond = await measureJob(older);
  const oursSecond = await measureJob({ root, name: "current-2" });
  console.log(
    `\n${codegenAgainstReport({
      codes: CODES,
      current: commitOf(root),
      older: against.short,
      passes: [
        { currentFirst: true, ours, older: olderFirst },
        { currentFirst: false, ours: oursSecond, older: olderSecond },
      ],
    })}`,
  );
}
