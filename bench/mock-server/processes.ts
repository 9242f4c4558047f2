// Child processes of the benchmark: each server (and the seeder) runs as its own process, output
// in a log file under bench/.work/, stopped by its PID. Anything still running when the
// benchmark exits, fails or is interrupted is killed by PID.
import { spawn, type ChildProcess } from "node:child_process";
import { openSync, closeSync } from "node:fs";
import { createServer } from "node:net";

const running = new Map<number, ChildProcess>();

function killAll(): void {
  for (const pid of running.keys()) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  running.clear();
}

process.on("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });

interface SpawnOptions {
  readonly cwd: string;
  readonly log: string;
  readonly env?: Record<string, string>;
}

function start(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const out = openSync(options.log, "w");
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  if (child.pid === undefined) throw new Error(`could not start ${command} ${args.join(" ")}`);
  const pid = child.pid;
  running.set(pid, child);
  child.once("exit", () => running.delete(pid));
  return child;
}

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once("exit", (code) => resolve(code)));

/** Run a command to its end (killed after timeoutMs); a non-zero exit throws, naming the log. */
export async function runToEnd(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { timeoutMs: number },
): Promise<void> {
  const child = start(command, args, options);
  const timer = setTimeout(() => child.pid && process.kill(child.pid, "SIGKILL"), options.timeoutMs);
  const code = await exited(child);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${args.join(" ")} failed (exit ${code}); see ${options.log}`);
}

export interface Server {
  readonly name: string;
  readonly pid: number;
  readonly base: string;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Start a server process listening on 127.0.0.1:port and wait until `readyPath` answers
 * (any HTTP response), at most readyMs.
 */
export async function startServer(
  name: string,
  command: string,
  args: readonly string[],
  options: SpawnOptions & { port: number; readyPath: string; readyMs: number },
): Promise<Server> {
  const child = start(command, args, options);
  const pid = child.pid!;
  const base = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + options.readyMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited during start-up; see ${options.log}`);
    if (Date.now() > deadline) {
      process.kill(pid, "SIGKILL");
      throw new Error(`${name} did not answer within ${options.readyMs} ms; see ${options.log}`);
    }
    try {
      await fetch(base + options.readyPath, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    name,
    pid,
    base,
    async stop() {
      if (!running.has(pid)) return;
      process.kill(pid, "SIGTERM");
      const killer = setTimeout(() => running.has(pid) && process.kill(pid, "SIGKILL"), 10_000);
      await exited(child);
      clearTimeout(killer);
    },
  };
}
