// A throwaway copy of the project whose manifest an analyst has extended (tests/generator/analyst-area.ts):
// regenerated, built and served on its own port, with no hand-written code added.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeManifestWithAnalystArea } from "../../generator/analyst-area";

const PROJECT = resolve(import.meta.dirname, "..", "..", "..");
const COPIED = [
  "src",
  "mock-server",
  "generator",
  "index.html",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
  ".prettierrc.json",
];

export interface AnalystProject {
  readonly root: string;
  readonly url: string;
  stop(): void;
}

async function waitFor(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function startAnalystProject(port: number): Promise<AnalystProject> {
  const root = mkdtempSync(join(tmpdir(), "analyst-project-"));
  for (const entry of COPIED) cpSync(join(PROJECT, entry), join(root, entry), { recursive: true });
  symlinkSync(join(PROJECT, "node_modules"), join(root, "node_modules"));
  writeManifestWithAnalystArea(PROJECT, root);
  const run = (args: string[]) =>
    execFileSync("npx", args, { cwd: root, stdio: "pipe", env: { ...process.env, CI: "1" } });
  run(["tsx", "generator/cli.ts"]);
  run(["vite", "build", "--configLoader", "runner", "--logLevel", "error"]);
  const server = spawn("npx", ["tsx", "mock-server/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DB_FILE: join(root, ".data", "analyst.db"),
      RESET_DB: "1",
      NODE_ENV: "production",
    },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/login`, server, 60_000);
  return {
    root,
    url,
    stop() {
      if (server.pid) process.kill(-server.pid, "SIGTERM");
      rmSync(root, { recursive: true, force: true });
    },
  };
}
