// How busy the rest of the machine was during the run (Linux /proc): CPU time of every process
// minus this benchmark's own (this process and its finished children: servers, seeders), as a
// share of both cores' time. Anything well above zero means the figures are disturbed.
import { existsSync, readFileSync } from "node:fs";

interface Sample {
  readonly total: number;
  readonly busy: number;
  readonly ours: number;
}

function sample(): Sample | undefined {
  if (!existsSync("/proc/stat") || !existsSync("/proc/self/stat")) return undefined;
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const busy = user + nice + system + irq + softirq + steal;
  const self = readFileSync("/proc/self/stat", "utf8");
  // After "pid (comm) ": state is field 3, utime/stime/cutime/cstime are fields 14–17.
  const fields = self
    .slice(self.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  const ours = fields[11] + fields[12] + fields[13] + fields[14];
  return { total: busy + idle + iowait, busy, ours };
}

/** Call at the start; the returned function gives the others' share (0–1) since then, if known. */
export function watchOtherLoad(): () => number | undefined {
  const start = sample();
  return () => {
    const end = sample();
    if (!start || !end || end.total === start.total) return undefined;
    const others = end.busy - start.busy - (end.ours - start.ours);
    return Math.max(0, others / (end.total - start.total));
  };
}

/** /proc counts CPU time in USER_HZ ticks, 100 a second on Linux whatever the kernel's own tick. */
const USER_HZ = 100;

/** Seconds of CPU (user + system) process `pid` has used so far, if /proc tells. */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  return pid === undefined ? undefined : cpuSecondsOf(`/proc/${pid}/stat`);
}

/**
 * Seconds of CPU process `pid`'s main thread has used so far, if /proc tells: a node server's event
 * loop, without its other threads (V8's garbage-collection helpers, SQLite's checkpoint and read
 * workers), whose CPU processCpuSeconds counts too.
 */
export function mainThreadCpuSeconds(pid: number | undefined): number | undefined {
  return pid === undefined ? undefined : cpuSecondsOf(`/proc/${pid}/task/${pid}/stat`);
}

function cpuSecondsOf(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const stat = readFileSync(file, "utf8");
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  return (fields[11] + fields[12]) / USER_HZ;
}
