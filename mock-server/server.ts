// `npm run mock` / `npm start`: the mock server on PORT (default 3000), data in DB_FILE
// (default .data/console.db), or the PostgreSQL database DATABASE_URL names; RESET_DB=1 starts from
// an empty, freshly seeded database.
// With NODE_ENV=production and a built console in ./dist, it also serves the console from
// the same origin. MOCK_NOW=<ISO date-time> sets the server's clock (mock-clock.ts).
// SERVER_PROCESSES=N: N processes on the one port, over PostgreSQL (processes/server-processes.ts).
// SIGTERM or SIGINT stops gracefully (processes/graceful-stop.ts; DRAIN_SECONDS keeps serving with
// /readyz at 503 that long first).
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { buildApp } from "./app";
import { CONTRACT_FILE, readContract, type ContractOnDisk } from "./live/contract-file";
import { serveLive } from "./live/serve-live";
import { emptyDatabase } from "./db/empty-database";
import { clockCallEnabled, settableClock } from "./dev-clock";
import { mockClock } from "./mock-clock";
import { databaseLocation, partitionedLayoutFromEnv } from "./options";
import { IpRegionOverridesError } from "./public/ip-region-overrides";
import { PublicOriginError, publicOriginFromEnv } from "./public-origin";
import { demoAccountsLine } from "./seed/seed-database";
import { drainMs, gracefulStop } from "./processes/graceful-stop";
import { ServerProcessesError, serverProcesses, superviseWorkers } from "./processes/server-processes";

const port = Number(process.env.PORT ?? 3000);
// HOST=127.0.0.1 keeps the server off the network; the default answers phones on the same network too.
const host = process.env.HOST ?? "0.0.0.0";
const dist = resolve("dist");
const serveDist = process.env.NODE_ENV === "production" && existsSync(resolve(dist, "index.html"));

const dbFile = databaseLocation(process.env);
// SEED_SCALE=0.05: a first start seeds that fraction of the demo data (tests that start real processes).
const seedScale = Number(process.env.SEED_SCALE ?? 1);
// Minutes without a call after which a session ends (default 30).
const idleMinutes = Number(process.env.SESSION_IDLE_MINUTES ?? 0);
// Every public link the server forms starts here: consumer URLs and QR codes, seeded images.
const publicOrigin = (() => {
  try {
    return publicOriginFromEnv(process.env);
  } catch (error) {
    return refusedStart(error);
  }
})();
const processes = (() => {
  try {
    return serverProcesses(process.env, dbFile);
  } catch (error) {
    return refusedStart(error);
  }
})();
if (process.env.RESET_DB === "1") await emptyDatabase(dbFile);
// The primary of several processes only starts and stops its workers (this program again).
if (processes > 1 && cluster.isPrimary) {
  console.log(`Starting ${processes} server processes on port ${port}.`);
  process.exit(await superviseWorkers(processes));
}

// MOCK_NOW starts the clock; in development and test mode, or with DEV_CLOCK=1 (the browser tests'
// server), POST /api/dev/clock moves it too. Anyone signed in may move it, so it is announced.
const clock = settableClock(mockClock(process.env.MOCK_NOW));
const clockCall = clockCallEnabled(process.env.NODE_ENV, process.env.DEV_CLOCK);
if (clockCall && process.env.NODE_ENV === "production")
  console.warn(
    "DEV_CLOCK=1: any signed-in session can move this server's clock (POST /api/dev/clock). Never set it for real use.",
  );
const development = process.env.NODE_ENV === "development";
const build = ({ contract, version }: ContractOnDisk) =>
  buildApp({
    contract,
    ...(development ? { contractVersion: version } : {}),
    dbFile,
    partitionedLayout: partitionedLayoutFromEnv(process.env),
    ...(seedScale > 0 && seedScale < 1 ? { seedScale } : {}),
    clock: clock.now,
    ...(clockCall ? { clockControl: clock } : {}),
    // A request log line per call in production; in development the terminal keeps to what matters.
    // LOG_LEVEL=info brings the request lines back.
    logger: { level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "production" ? "info" : "warn") },
    consoleRoot: serveDist ? dist : undefined,
    publicOrigin,
    ...(idleMinutes > 0 ? { sessionIdleMs: idleMinutes * 60_000 } : {}),
    // TRUST_PROXY=10.0.0.1,10.0.0.2 believes X-Forwarded-For from those proxies only.
    ...(process.env.TRUST_PROXY ? { trustProxy: process.env.TRUST_PROXY.split(",") } : {}),
    // IP_REGION_OVERRIDES=<file.csv>: operators' address-to-region corrections (public/ip-region-overrides.ts).
    ...(process.env.IP_REGION_OVERRIDES ? { ipRegionOverrides: process.env.IP_REGION_OVERRIDES } : {}),
  });

/** A start refused for a bad IP_REGION_OVERRIDES file or PUBLIC_ORIGIN says why, without a stack. */
function refusedStart(error: unknown): never {
  if (error instanceof IpRegionOverridesError) {
    console.error(`The server did not start: the IP_REGION_OVERRIDES file is not valid.\n${error.problems.join("\n")}`);
    process.exit(1);
  }
  if (error instanceof PublicOriginError || error instanceof ServerProcessesError) {
    console.error(`The server did not start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

let stop: () => Promise<void>;
if (development) {
  ({ stop } = await serveLive({ file: CONTRACT_FILE, port, host, build }).catch(refusedStart));
} else {
  const app = await build(readContract(CONTRACT_FILE)).catch(refusedStart);
  await app.listen({ port, host });
  stop = () => gracefulStop(app, drainMs(process.env));
}
// One stop for every signal: a worker gets SIGINT from the terminal and SIGTERM from its primary.
let stopped: Promise<void> | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void (stopped ??= stop().then(() => process.exit(0))));
// The last lines say where to go and how to sign in: in development the console is Vite's (npm run dev).
const consoleUrl = serveDist
  ? `http://localhost:${port}/`
  : process.env.NODE_ENV === "development"
    ? `http://localhost:${process.env.DEV_PORT ?? 5173}/`
    : undefined;
console.log(`Mock server on http://localhost:${port} (API docs: http://localhost:${port}/api/docs)`);
console.log(`Consumer links and QR codes point at ${publicOrigin} (PUBLIC_ORIGIN).`);
console.log(demoAccountsLine());
if (consoleUrl) console.log(`Open the console: ${consoleUrl}`);
