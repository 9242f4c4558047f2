// The workload: the same four calls in each server's own protocol, one autocannon run per
// scenario (a warm-up run, one awaited request, then the measured run), and a one-request probe of each read
// scenario so the two servers can be shown to answer the same rows and totals.
import autocannon from "autocannon";
import type { Filter } from "./data";
import { DEMO_PASSWORD } from "../../mock-server/options";

export const CONNECTIONS = 10;
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

export type Scenario = "deep page" | "filtered page" | "read by id" | "create";
export const SCENARIOS: readonly Scenario[] = ["deep page", "filtered page", "read by id", "create"];

export const DEEP_PAGE = 500;
export const PAGE_SIZE = 10;

/** What the load needs to know about the data. */
export interface Workload {
  readonly rows: number;
  readonly filter: Filter;
  readonly departId: number;
}

export interface Target {
  readonly kind: "ours" | "json-server";
  readonly base: string;
  /** Our server's session token (Token header). */
  readonly token?: string;
}

const OURS = "/api/org/employees";

function query(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
}

/** The path of a read scenario. Both servers order by id ascending (json-server's natural order). */
export function readPath(target: Target, scenario: "deep page" | "filtered page", workload: Workload): string {
  const { eq, contains } = workload.filter;
  if (target.kind === "ours") {
    const filters = scenario === "filtered page" ? { [eq.field]: eq.value, [contains.field]: contains.value } : {};
    return `${OURS}/pagelist?${query({ ...filters, page: scenario === "deep page" ? DEEP_PAGE : 1, size: PAGE_SIZE, sort: "id" })}`;
  }
  // json-server: `field=value` is eq on the text of the value, `field_like` a case-insensitive
  // RegExp; the contains value is plain lowercase letters and digits, so it means the same as
  // our LIKE '%value%' (ASCII case-insensitive in SQLite).
  const filters =
    scenario === "filtered page" ? { [eq.field]: eq.value, [`${contains.field}_like`]: contains.value } : {};
  return `/employees?${query({ ...filters, _page: scenario === "deep page" ? DEEP_PAGE : 1, _limit: PAGE_SIZE })}`;
}

const detailPath = (target: Target, id: number) =>
  target.kind === "ours" ? `${OURS}/detail?id=${id}` : `/employees/${id}`;

let createCounter = 0;
/** A new, unique account per request (account_name is a unique field on our server). */
export function createBody(workload: Workload): string {
  createCounter += 1;
  return JSON.stringify({
    account_name: `bench_${process.pid}_${createCounter}`,
    real_name: "压测账号",
    account_type: "factory",
    depart_id: workload.departId,
    status: "enabled",
    phone: "13800000000",
    email: `bench${createCounter}@example.com`,
  });
}

/** Ids read by "read by id": a fixed stride through the table (7919 is prime, so every id comes round). */
function idSequence(rows: number): () => number {
  let step = 0;
  return () => 1 + ((step++ * 7919) % rows);
}

function headers(target: Target, json: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (target.token) out.Token = target.token;
  if (json) out["Content-Type"] = "application/json";
  return out;
}

function options(target: Target, scenario: Scenario, workload: Workload): autocannon.Options {
  const base = { url: target.base, connections: CONNECTIONS, duration: DURATION_S, timeout: 10 };
  switch (scenario) {
    case "deep page":
    case "filtered page":
      return { ...base, url: target.base + readPath(target, scenario, workload), headers: headers(target, false) };
    case "read by id": {
      const next = idSequence(workload.rows);
      return {
        ...base,
        headers: headers(target, false),
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: detailPath(target, next()) }) }],
      };
    }
    case "create":
      return {
        ...base,
        method: "POST",
        headers: headers(target, true),
        requests: [
          {
            method: "POST",
            path: target.kind === "ours" ? `${OURS}/add` : "/employees",
            setupRequest: (request) => ({ ...request, body: createBody(workload) }),
          },
        ],
      };
  }
}

export interface Measured {
  readonly rps: number;
  readonly p99: number;
  readonly p50: number;
  readonly failures: { non2xx: number; errors: number; timeouts: number };
  readonly bytesPerResponse: number;
}

/**
 * One request of the scenario, awaited. After a warm-up it waits out the work the server still
 * has queued (requests the warm-up sent but stopped waiting for), so the measured run starts
 * on an idle server.
 */
export async function once(target: Target, scenario: Scenario, workload: Workload): Promise<void> {
  const request =
    scenario === "create"
      ? { method: "POST", path: target.kind === "ours" ? `${OURS}/add` : "/employees", body: createBody(workload) }
      : {
          method: "GET",
          path: scenario === "read by id" ? detailPath(target, 1) : readPath(target, scenario, workload),
        };
  const response = await fetch(target.base + request.path, {
    method: request.method,
    headers: headers(target, request.method === "POST"),
    body: request.body,
    signal: AbortSignal.timeout(120_000),
  });
  await response.arrayBuffer();
}

export async function measure(target: Target, scenario: Scenario, workload: Workload): Promise<Measured> {
  const warm = await autocannon({ ...options(target, scenario, workload), duration: WARMUP_S });
  await once(target, scenario, workload);
  const result = await autocannon(options(target, scenario, workload));
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    failures: {
      non2xx: result.non2xx + warm.non2xx,
      errors: result.errors + warm.errors,
      timeouts: result.timeouts + warm.timeouts,
    },
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

export interface Answer {
  readonly ids: number[];
  readonly total: number;
  readonly ms: number;
}

/** One request of a read scenario: the ids it answered and the total it reports. */
export async function probe(target: Target, path: string, timeoutMs = 30_000): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(target.base + path, {
    headers: headers(target, false),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as unknown;
  const ms = performance.now() - started;
  if (!response.ok)
    throw new Error(`${target.kind} GET ${path}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  if (target.kind === "ours") {
    const data = (body as { data: { list?: { id: number }[]; total?: number; id?: number } }).data;
    return data.list
      ? { ids: data.list.map((row) => row.id), total: data.total!, ms }
      : { ids: [data.id!], total: 1, ms };
  }
  const total = Number(response.headers.get("x-total-count") ?? 1);
  return Array.isArray(body)
    ? { ids: body.map((row: { id: number }) => row.id), total, ms }
    : { ids: [(body as { id: number }).id], total, ms };
}

export const probeDetail = (target: Target, id: number) => probe(target, detailPath(target, id));

/** Our server's session: admin with the first account type of the contract's enum. */
export async function login(base: string, accountType: string): Promise<string> {
  const response = await fetch(`${base}/api/sso/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      account_name: "admin",
      account_password: DEMO_PASSWORD,
      account_type: accountType,
      permissions: 1,
    }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { data?: unknown; message?: string };
  if (!response.ok || typeof body.data !== "string")
    throw new Error(`login failed: HTTP ${response.status} ${body.message}`);
  return body.data;
}
