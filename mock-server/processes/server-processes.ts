// SERVER_PROCESSES=N (default 1): N server processes answer on one port (node:cluster; the primary
// accepts connections and hands them to the workers in turn), for a host with several cores.
// Only over PostgreSQL: a SQLite file has one writer, so N > 1 there is refused at start.
// The first worker starts alone (it migrates and, on an empty database, seeds); the others start
// once it listens. A worker that dies after it served is replaced; one that dies before it ever
// listened stops the whole server (it would die again). SIGTERM or SIGINT to the primary stops
// every worker gracefully (graceful-stop.ts) and exits once they have.
import cluster, { type Worker } from "node:cluster";
import { isPostgresUrl } from "../db/engine/open-engine";

export class ServerProcessesError extends Error {}

/** The number of server processes SERVER_PROCESSES asks for; throws a sentence when it cannot be. */
export function serverProcesses(env: NodeJS.ProcessEnv, database: string): number {
  const text = env.SERVER_PROCESSES?.trim() || "1";
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new ServerProcessesError(`SERVER_PROCESSES must be a whole number from 1 to 256, not "${text}".`);
  if (count > 1 && !isPostgresUrl(database))
    throw new ServerProcessesError(
      `SERVER_PROCESSES=${count} needs PostgreSQL (DATABASE_URL): a SQLite file has one writer, so it is served by one process.`,
    );
  if (count > 1 && env.NODE_ENV === "development")
    throw new ServerProcessesError(
      `SERVER_PROCESSES=${count} runs the built server (npm start, npm run serve), not development's live reload.`,
    );
  return count;
}

/**
 * The primary's whole life: starts `count` workers (this same program, which listens when it is a
 * worker) and answers the exit code once every worker has exited after a stop.
 */
export function superviseWorkers(count: number, log: (line: string) => void = console.log): Promise<number> {
  // The database is emptied once, by the primary (server.ts), never again by a worker.
  const env = { RESET_DB: "0" };
  let stopping = false;
  let exitCode = 0;
  const listened = new WeakSet<Worker>();
  const live = new Set<Worker>();
  return new Promise((finished) => {
    const fork = () => {
      const worker = cluster.fork(env);
      live.add(worker);
      worker.once("listening", () => {
        listened.add(worker);
        if (live.size < count) fork();
      });
      worker.once("exit", (code, signal) => {
        live.delete(worker);
        if (!stopping && listened.has(worker)) {
          log(`Server process ${worker.process.pid} ended (${signal ?? code}); starting another.`);
          fork();
          return;
        }
        if (!stopping) {
          log(`Server process ${worker.process.pid} ended (${signal ?? code}) before it listened; stopping.`);
          exitCode = 1;
          stopAll();
        }
        if (live.size === 0) finished(exitCode);
      });
    };
    const stopAll = () => {
      stopping = true;
      for (const worker of live) worker.process.kill("SIGTERM");
    };
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, stopAll);
    fork();
  });
}
