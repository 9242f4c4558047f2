// Playwright global setup of the PostgreSQL browser run (playwright.pg.config.ts): a throwaway
// cluster (mock-server/db/pg/test-cluster.ts), then the compiled server `npm start` runs, on a
// database of that cluster, seeded afresh. Playwright starts a config's webServer before its global
// setup, so the server is started here, after the cluster it needs. The returned teardown stops the
// server and removes the cluster; a run killed outright leaves the cluster to the next one's sweep.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { startTestCluster, type TestCluster } from "../../mock-server/db/pg/test-cluster";
import { E2E_PG_PORT } from "./e2e-postgres-port";

const root = resolve(import.meta.dirname, "../..");
const SERVER_START_MS = 240_000;

async function answering(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`the server did not answer ${url} within ${SERVER_START_MS / 1000} s`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => server.once("exit", () => done()));
  server.kill("SIGTERM");
  return exited;
}

export default async function setup(): Promise<() => Promise<void>> {
  const cluster: TestCluster = startTestCluster({ database: "e2e" });
  let server: ChildProcess | undefined;
  const teardown = async () => {
    if (server) await stopServer(server);
    cluster.remove();
  };
  try {
    execFileSync("npm", ["run", "--silent", "build:server"], { cwd: root, stdio: "inherit" });
    const origin = `http://127.0.0.1:${E2E_PG_PORT}`;
    server = spawn(process.execPath, ["--max-semi-space-size=4", "mock-server/dist/server.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: cluster.url,
        RESET_DB: "1",
        PORT: String(E2E_PG_PORT),
        HOST: "127.0.0.1",
        PUBLIC_ORIGIN: origin,
        NODE_ENV: "production",
        // POST /api/dev/clock for the specs that move the clock, as playwright.config.ts's server has it.
        DEV_CLOCK: "1",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await answering(`${origin}/login`, server);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
