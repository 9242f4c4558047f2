// bench/station's other user: a process of its own (so the browser's driver does not delay its
// timings) that reads one list page on one keep-alive connection, signed in as another account, and
// times each call. The parent names the phase by IPC: "alone", the calls back to back (the list's
// rate on this host, the reference); "during", one call every INTERVAL_MS, as many users reading
// lists would (back to back it would take a core of the two the browser and the server share);
// "idle", no calls. A call counts in the phase it started in; "report" answers every phase's timings.
// Environment: BASE (the server), TOKEN (the other user's session), LIST_PATH (the call), INTERVAL_MS.
import { Agent, request } from "node:http";

export type LoadPhase = "alone" | "during" | "idle";
export type LoadMessage = { readonly phase: LoadPhase } | { readonly report: true } | { readonly stop: true };
export interface LoadReport {
  /** Milliseconds of each call, by the phase it started in. */
  readonly ms: Record<LoadPhase, number[]>;
  /** Seconds each phase lasted. */
  readonly seconds: Record<LoadPhase, number>;
  /** Calls answered with anything but 200, by phase. */
  readonly failed: Record<LoadPhase, number>;
}

const base = new URL(process.env.BASE ?? "http://127.0.0.1:3000");
const token = process.env.TOKEN ?? "";
const path = process.env.LIST_PATH ?? "/";
const intervalMs = Number(process.env.INTERVAL_MS ?? 10);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

let phase = "idle" as LoadPhase;
let phaseStarted = performance.now();
let running = true;
const ms: Record<LoadPhase, number[]> = { alone: [], during: [], idle: [] };
const seconds: Record<LoadPhase, number> = { alone: 0, during: 0, idle: 0 };
const failed: Record<LoadPhase, number> = { alone: 0, during: 0, idle: 0 };

function get(): Promise<number> {
  return new Promise((done) => {
    const call = request({ host: base.hostname, port: base.port, path, agent, headers: { token } }, (response) => {
      response.resume();
      response.on("end", () => done(response.statusCode ?? 0));
    });
    call.on("error", () => done(0));
    call.end();
  });
}

function closePhase(): void {
  seconds[phase] += (performance.now() - phaseStarted) / 1000;
  phaseStarted = performance.now();
}

process.on("message", (message: LoadMessage) => {
  if ("phase" in message) {
    closePhase();
    phase = message.phase;
  } else if ("report" in message) {
    closePhase();
    process.send!({ ms, seconds, failed } satisfies LoadReport);
  } else running = false;
});

const pause = (ms: number) => new Promise((next) => setTimeout(next, ms));
/** When the next paced call is due (calls late behind a slow answer are not caught up). */
let due = performance.now();
while (running) {
  if (phase === "idle") {
    await pause(5);
    due = performance.now();
    continue;
  }
  if (phase === "during") {
    const wait = due - performance.now();
    if (wait > 0) await pause(wait);
    due = Math.max(due + intervalMs, performance.now());
  }
  const calledIn = phase;
  const started = performance.now();
  const status = await get();
  ms[calledIn].push(performance.now() - started);
  if (status !== 200) failed[calledIn]++;
  // Lets an IPC message in between calls: a keep-alive answer can come back before the loop yields.
  await new Promise((next) => setImmediate(next));
}
agent.destroy();
process.disconnect?.();
