// Crash test: kill -9 the real server during bursts of creates, again and again; every
// create the server acknowledged (HTTP 200) must be in the database afterwards, and SQLite's
// integrity_check must say ok. Run: npm run test:crash  (10 kills; --kills 100 for the full run)
import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { removeDatabaseFiles } from "../mock-server/db/open-database";
import { DEMO_PASSWORD } from "../mock-server/options";

const args = process.argv.slice(2);
const KILLS = Number(args[args.indexOf("--kills") + 1] ?? 0) || Number(process.env.CRASH_KILLS ?? 10);
const IN_FLIGHT = 8;
const PORT = 4395;
const root = resolve(import.meta.dirname, "..");
const work = join(root, "bench/.work/crash-test");
mkdirSync(work, { recursive: true });
const dbFile = join(work, "crash.db");
removeDatabaseFiles(dbFile);

async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "bench/crash-server.ts")], {
    env: { ...process.env, PORT: String(PORT), DB_FILE: dbFile },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((ready, failed) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && ready());
    child.once("exit", (code, signal) => failed(new Error(`server exited with ${code ?? signal}`)));
  });
  return child;
}

const base = `http://127.0.0.1:${PORT}`;
async function login(): Promise<string> {
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

const acknowledged = new Set<string>();
let sent = 0;
for (let kill = 1; kill <= KILLS; kill++) {
  const server = await start();
  const token = await login();
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
        if (response.status === 200 && ((await response.json()) as { code: number }).code === 0) acknowledged.add(code);
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
  process.stderr.write(`· kill ${kill}/${KILLS}: ${acknowledged.size} acknowledged so far\n`);
}

const db = new Database(dbFile);
const stored = new Set(
  db.prepare(`SELECT brand_code FROM "brands" WHERE brand_code LIKE 'CRASH%'`).pluck().all() as string[],
);
// Simple mode answers the first row's first column: "ok", or the first problem found.
const integrity = db.pragma("integrity_check", { simple: true }) as string;
db.close();
const lost = [...acknowledged].filter((code) => !stored.has(code));
console.log(
  `crash test: ${KILLS} × kill -9, ${acknowledged.size} acknowledged creates, ${lost.length} lost, integrity_check ${integrity}`,
);
if (lost.length) console.log(`lost: ${lost.slice(0, 20).join(", ")}`);
process.exit(lost.length === 0 && integrity === "ok" ? 0 : 1);
