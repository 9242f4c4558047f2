// One crash run: the real server (crash-server.ts) on `location` (a SQLite file or a postgres://
// URL) is killed with SIGKILL during bursts of creates, `kills` times; the creates it acknowledged
// (HTTP 200, code 0) are returned, to be looked for in the database afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { DEMO_PASSWORD } from "../mock-server/options";

const IN_FLIGHT = 8;
const root = resolve(import.meta.dirname, "..");

async function start(location: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "bench/crash-server.ts")], {
    env: { ...process.env, PORT: String(port), DB_FILE: location },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((ready, failed) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && ready());
    child.once("exit", (code, signal) => failed(new Error(`server exited with ${code ?? signal}`)));
  });
  return child;
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/sso/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      account_name: "admin",
      account_password: DEMO_PASSWORD,
      account_type: "enterprise",
      permissions: 1,
    }),
  });
  return ((await response.json()) as { data: string }).data;
}

/** Brand codes of the creates the server acknowledged before one of its deaths. */
export async function crashRun(location: string, kills: number, port: number, label: string): Promise<Set<string>> {
  const base = `http://127.0.0.1:${port}`;
  const acknowledged = new Set<string>();
  let sent = 0;
  for (let kill = 1; kill <= kills; kill++) {
    const server = await start(location, port);
    const token = await login(base);
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const code = `CRASH${kill}X${sent++}`;
        try {
          const response = await fetch(`${base}/api/base/brands/add`, {
            method: "POST",
            headers: { token, "content-type": "application/json" },
            body: JSON.stringify({ brand_code: code, brand_name: `Crash ${code}`, status: "enabled" }),
          });
          if (response.status === 200 && ((await response.json()) as { code: number }).code === 0)
            acknowledged.add(code);
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: IN_FLIGHT }, worker);
    await new Promise((wait) => setTimeout(wait, 300 + Math.random() * 1200));
    server.kill("SIGKILL");
    stop = true;
    await Promise.all(workers);
    await new Promise((exited) =>
      server.exitCode !== null || server.signalCode !== null ? exited(null) : server.once("exit", exited),
    );
    process.stderr.write(`· ${label} kill ${kill}/${kills}: ${acknowledged.size} acknowledged so far\n`);
  }
  return acknowledged;
}
