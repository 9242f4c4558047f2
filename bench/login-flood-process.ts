// bench/login-flood-server.ts as a child process, for the benches that run it (bench:login,
// bench:codegen): this tree's, or BENCH_AGAINST's older tree's own copy, on a fresh database its
// own code seeds.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";

/** A tree whose server a bench runs: this one, or BENCH_AGAINST's older one, named in what it prints. */
export interface Tree {
  readonly root: string;
  readonly name?: string;
}

/** The tree's own login-flood-server.ts on `port` and `dbFile`; resolves once it says it is ready. */
export async function startFloodServer(
  tree: Tree,
  port: number,
  dbFile: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(tree.root, "bench/login-flood-server.ts")], {
    cwd: tree.root,
    env: { ...process.env, PORT: String(port), DB_FILE: dbFile, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((ready, failed) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && ready());
    child.once("exit", (code) => failed(new Error(`server exited with ${code}`)));
  });
  return child;
}

/** Stopped and gone, so the next server can take its port. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, "exit");
  server.kill("SIGKILL");
  await exited;
}
