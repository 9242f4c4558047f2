// Memory of a server process, read from Linux's /proc/<pid>/status: VmRSS now and
// VmHWM, the highest RSS the process has had. Undefined where there is no /proc.
import { existsSync, readFileSync } from "node:fs";

export interface Memory {
  readonly rssMb: number;
  readonly peakMb: number;
}

export function memoryOf(pid: number): Memory | undefined {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return undefined;
  const status = readFileSync(file, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/**
 * Budget: our server's RSS at 1,000,000 rows after the list benchmark; absolute, since a size does not
 * follow the host's speed.
 */
export const RSS_BUDGET_MB = 150;

export const formatMemory = (memory: Memory | undefined): string =>
  memory ? `RSS ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB)` : "unknown (no /proc)";
