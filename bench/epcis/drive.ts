// Drives bench/epcis's server: `connections` loops, each sending one request at a time for
// `seconds`, every request timed from its send to its last byte. A loop's step may be several
// requests (a time-window walk follows each page's Link rel="next"). The floor and the queries are
// driven by the same client, so the client's own cost is in the reference as in the figure.
import http from "node:http";
import { performance } from "node:perf_hooks";

export interface Answer {
  readonly status: number;
  readonly link: string | undefined;
  readonly location: string | undefined;
  readonly body: string;
}

export type Get = (path: string) => Promise<Answer>;

export interface Drive {
  readonly port: number;
  readonly token: string;
  readonly connections: number;
  readonly seconds: number;
  /** One step of a loop: the `n`th step overall, sending its requests through `get`. */
  readonly step: (get: Get, n: number) => Promise<void>;
}

export interface Timing {
  readonly requests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Answers by status. */
  readonly statuses: Record<number, number>;
}

export function request(
  agent: http.Agent,
  port: number,
  token: string,
  path: string,
  init: { method?: string; body?: string; type?: string } = {},
): Promise<Answer> {
  return new Promise((answered, failed) => {
    const sent = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        agent,
        method: init.method ?? "GET",
        headers: { token, ...(init.type ? { "content-type": init.type } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          answered({
            status: response.statusCode ?? 0,
            link: [response.headers.link].flat()[0],
            location: response.headers.location,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", failed);
      },
    );
    sent.on("error", failed);
    sent.end(init.body);
  });
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;

export async function drive({ port, token, connections, seconds, step }: Drive): Promise<Timing> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const get: Get = async (path) => {
    const started = performance.now();
    const answer = await request(agent, port, token, path);
    latencies.push(performance.now() - started);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    return answer;
  };
  let n = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await step(get, n++);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    perSecond: sorted.length / elapsed,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? NaN,
    statuses,
  };
}
