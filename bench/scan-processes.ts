// `--processes 1,2` for bench/scan: the scan server measured on each number of processes in one
// run, as SERVER_PROCESSES serves one port from several (node:cluster). PostgreSQL only: a SQLite
// file is served by one process.
import cluster from "node:cluster";
import { parseArgs } from "node:util";

/** The process counts `--processes` names (default 1), in the order given. */
export function processCountsFromArgs(argv: readonly string[] = process.argv.slice(2)): number[] {
  const { values } = parseArgs({
    args: [...argv],
    options: { processes: { type: "string", default: "1" } },
    strict: false,
  });
  const counts = String(values.processes).split(",").map(Number);
  if (!counts.length || counts.some((count) => !Number.isInteger(count) || count < 1 || count > 64))
    throw new Error(`--processes must list whole numbers from 1 to 64, like 1,2; got ${String(values.processes)}`);
  return counts;
}

/**
 * In the scan server's primary with BENCH_PROCESSES above 1: starts that many workers (this program
 * again, which serves), says "ready" once every one listens, and stops them on SIGINT. Answers
 * false when this process serves itself (one process, or a worker).
 */
export function superviseScanWorkers(): boolean {
  const count = Number(process.env.BENCH_PROCESSES ?? 1);
  if (count <= 1 || !cluster.isPrimary) return false;
  const workers = Array.from({ length: count }, () => cluster.fork());
  let listening = 0;
  for (const worker of workers)
    worker.once("listening", () => {
      if (++listening === count) console.log("ready");
    });
  let exited = 0;
  for (const worker of workers) worker.once("exit", () => ++exited === count && process.exit(0));
  process.once("SIGINT", () => workers.forEach((worker) => worker.process.kill("SIGINT")));
  return true;
}

/** A worker leaves "ready" to its primary, which says it once all of them listen. */
export const saysReady = (): boolean => !cluster.isWorker;
