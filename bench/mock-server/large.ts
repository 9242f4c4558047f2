// The 1,000,000-row part of bench:mock-server on one engine: our server alone on the seeded rows
// (a SQLite file, or a PostgreSQL database holding the very rows of that file), the first request
// of each page (it counts), each page's rate without writes, one create (totals carried forward or
// adjusted, not recounted), the server's memory, then both pages under 50 writes a second.
import { join } from "node:path";
import * as D from "./data";
import * as L from "./load";
import { startOurs } from "./servers";
import { memoryOf, type Memory } from "./memory";
import { underWrites, WRITES_PER_S, type WriteLoadResult } from "./write-load";

export interface LargeRun {
  readonly rows: number;
  readonly counts: D.Counts;
  readonly cold: { readonly deep: L.Answer; readonly filtered: L.Answer };
  readonly measured: Map<L.Scenario, L.Measured>;
  readonly afterWrite: { readonly deep: L.Answer; readonly filtered: L.Answer };
  /** Our server's memory after the list benchmark, before the write load. */
  readonly memory: Memory | undefined;
  readonly writeLoad: WriteLoadResult;
}

const progress = (text: string) => console.error(`· ${text}`);

/** Runs the part on `location` (seeded already), named `engine` in its progress lines and logs. */
export async function measureLarge(
  root: string,
  work: string,
  engine: string,
  location: string,
  workload: L.Workload,
): Promise<LargeRun> {
  const rows = workload.rows;
  const counts = await D.exactCountsAt(location, workload.filter);
  progress(`${engine}: our server, ${rows.toLocaleString("en-US")} employees`);
  const { server, target } = await startOurs(root, location, join(work, `ours-1m-${engine}.log`));
  let run: LargeRun;
  try {
    // The first request of each counts (nothing cached yet); later ones reuse the exact total.
    const cold = {
      deep: await L.probe(target, L.readPath(target, "deep page", workload)),
      filtered: await L.probe(target, L.readPath(target, "filtered page", workload)),
    };
    const measured = new Map<L.Scenario, L.Measured>();
    for (const scenario of ["deep page", "filtered page"] as const) {
      progress(
        `${engine} at ${rows.toLocaleString("en-US")}: ${scenario} (${L.WARMUP_S} s warm-up + ${L.DURATION_S} s)`,
      );
      measured.set(scenario, await L.measure(target, scenario, workload));
    }
    // One write: the unfiltered total is carried forward (+1), the filtered one adjusted.
    await L.once(target, "create", workload);
    const afterWrite = {
      deep: await L.probe(target, L.readPath(target, "deep page", workload)),
      filtered: await L.probe(target, L.readPath(target, "filtered page", workload)),
    };
    const memory = memoryOf(server.pid);
    progress(`${engine} at ${rows.toLocaleString("en-US")} under ${WRITES_PER_S} writes/s: filtered and deep page`);
    const writeLoad = await underWrites(target, workload, location);
    run = { rows, counts, cold, measured, afterWrite, memory, writeLoad };
  } finally {
    await server.stop();
  }
  if (
    run.cold.deep.total !== counts.all ||
    run.cold.filtered.total !== counts.filtered ||
    run.afterWrite.deep.total !== counts.all + 1 ||
    // the created account's name (bench_<pid>_<n>) does not contain the filter's letters
    run.afterWrite.filtered.total !== counts.filtered
  )
    throw new Error(
      `${engine}: totals at ${rows} are not exact: ${run.cold.deep.total} vs ${counts.all}, ${run.cold.filtered.total} vs ${counts.filtered}; ` +
        `after one create ${run.afterWrite.deep.total} vs ${counts.all + 1}, ${run.afterWrite.filtered.total} vs ${counts.filtered}`,
    );
  return run;
}
