// One capture as a partner sends it: the document POSTed to /epcis/capture (202 and the job's
// Location), then the job polled until it has run. The time is from the POST to the report that
// says the job is done, so it holds the schema check, every event's rules and writes, and the
// job's stored results. The server's CPU seconds over the same span say how much of that time was
// the capture's own work and how much waiting for a busy machine; its main thread's alone, the
// event loop that runs the job, leave out the garbage collector's helpers and SQLite's workers.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { request } from "./drive";

export interface CaptureTiming {
  readonly seconds: number;
  /** How long the POST took to answer 202 (the document read and checked against GS1's schema). */
  readonly acceptedAfter: number;
  readonly outcomes: Record<string, number>;
  readonly success: boolean;
  /** CPU seconds the server process used from the POST to the report, if the host tells. */
  readonly serverCpu?: number;
  /** The same, of the server's main thread alone. */
  readonly mainThreadCpu?: number;
}

/** CPU seconds used so far: the whole server process's and its main thread's. */
export interface CpuClock {
  readonly process: () => number | undefined;
  readonly mainThread: () => number | undefined;
}

const POLL_MS = 50;

export async function timeCapture(
  port: number,
  token: string,
  document: unknown,
  cpu: CpuClock,
): Promise<CaptureTiming> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify(document);
  const cpuBefore = cpu.process();
  const mainBefore = cpu.mainThread();
  const started = performance.now();
  const posted = await request(agent, port, token, "/epcis/capture", {
    method: "POST",
    body,
    type: "application/ld+json",
  });
  const acceptedAfter = (performance.now() - started) / 1000;
  if (posted.status !== 202) throw new Error(`capture: ${posted.status} ${posted.body.slice(0, 500)}`);
  if (!posted.location) throw new Error("capture: 202 without a Location");
  const jobPath = posted.location;
  for (;;) {
    const report = await request(agent, port, token, jobPath);
    if (report.status !== 200) throw new Error(`capture job: ${report.status} ${report.body.slice(0, 500)}`);
    const job = JSON.parse(report.body) as { running: boolean; success: boolean; "tc:events": { outcome: string }[] };
    if (!job.running) {
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = cpu.process();
      const mainAfter = cpu.mainThread();
      agent.destroy();
      const outcomes: Record<string, number> = {};
      for (const event of job["tc:events"]) outcomes[event.outcome] = (outcomes[event.outcome] ?? 0) + 1;
      const used = {
        ...(cpuBefore === undefined || cpuAfter === undefined ? {} : { serverCpu: cpuAfter - cpuBefore }),
        ...(mainBefore === undefined || mainAfter === undefined ? {} : { mainThreadCpu: mainAfter - mainBefore }),
      };
      return { seconds, acceptedAfter, outcomes, success: job.success, ...used };
    }
    await new Promise((waited) => setTimeout(waited, POLL_MS));
  }
}
