// Drives one of bench/scan-server.ts's routes with autocannon and the public scan's fixed mix of codes
// and addresses (scan-mix.ts): the scan, its read-only baseline, and the floor (/bench/empty, the same
// HTTP stack answering nothing). bench/scan and bench/deep-pages measure the floor the same way, so
// their ratios to it are read alike.
import autocannon from "autocannon";
import { requestOf, type Picks } from "./scan-mix";

export interface Drive {
  readonly port: number;
  readonly path: string;
  readonly picks: Picks;
  /** The mix's first request number: runs that must not repeat each other's scans start apart. */
  readonly from: number;
  readonly seconds: number;
  readonly connections: number;
}

export function driveScanMix({ port, path, picks, from, seconds, connections }: Drive) {
  let n = from;
  const provinces = Object.keys(picks.networks).sort();
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => {
          const { code, ip } = requestOf(picks, provinces, n++);
          return {
            ...request,
            path: `${path}?code=${code}`,
            headers: { "x-forwarded-for": ip, "user-agent": "Mozilla/5.0 (iPhone; bench)" },
          };
        },
      },
    ],
  });
}

/** Requests answered a second over the run's measured duration. */
export const answeredPerSecond = (result: autocannon.Result, seconds: number): number =>
  result.requests.total / (result.duration || seconds);
