// A throwaway copy of the project run as an analyst runs it: `npm run dev` (the mock server that
// takes a regenerated contract in place, and Vite with the manifest watch), on its own ports and
// database. The analyst's browser tests and the save → visible benchmark drive it.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const PROJECT = resolve(import.meta.dirname, "..", "..", "..");
const COPIED = [
  "src",
  "schema",
  "mock-server",
  "generator",
  "index.html",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
  ".prettierrc.json",
];

export interface DevProject {
  readonly root: string;
  /** The console's address (Vite). */
  readonly url: string;
  /** Everything both processes printed so far. */
  terminal(): string;
  stop(): void;
}

async function until(
  ready: () => Promise<boolean>,
  what: string,
  process: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`npm run dev exited with ${process.exitCode} before ${what}`);
    if (await ready().catch(() => false)) return;
    await new Promise((tick) => setTimeout(tick, 250));
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}

/** Copies the project and starts `npm run dev` in the copy; resolves once both servers answer. */
export async function startDevProject(apiPort: number, devPort: number): Promise<DevProject> {
  const root = mkdtempSync(join(tmpdir(), "dev-project-"));
  for (const entry of COPIED) cpSync(join(PROJECT, entry), join(root, entry), { recursive: true });
  symlinkSync(join(PROJECT, "node_modules"), join(root, "node_modules"));
  let terminal = "";
  const dev = spawn("npx", ["tsx", "mock-server/dev.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(apiPort),
      DEV_PORT: String(devPort),
      DB_FILE: join(root, ".data", "dev.db"),
      VITE_CACHE_DIR: join(root, ".vite"),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  dev.stdout.on("data", (chunk: Buffer) => (terminal += chunk.toString()));
  dev.stderr.on("data", (chunk: Buffer) => (terminal += chunk.toString()));
  const url = `http://127.0.0.1:${devPort}`;
  const kill = () => {
    try {
      if (dev.pid) process.kill(-dev.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.once("exit", kill); // a crashed run must not leave servers holding the ports
  await until(
    async () => (await fetch(`http://127.0.0.1:${apiPort}/api/dev/contract`)).ok,
    "the mock server answered",
    dev,
    180_000,
  );
  await until(async () => (await fetch(`${url}/login`)).ok, "Vite answered", dev, 60_000);
  return {
    root,
    url,
    terminal: () => terminal,
    stop() {
      kill();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
