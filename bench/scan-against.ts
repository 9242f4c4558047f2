// BENCH_AGAINST=<revision> for bench:scan: that commit's scan server measured in the same run as
// this tree's, on SQLite, on the same number of codes. Each tree's bench/scan-server.ts seeds its own
// database with its own code (the two commits' schemas differ), once; every run serves a fresh copy
// of its tree's seeded file, so all four runs start from the same state. The runs go ours, the
// older, the older, ours: two passes in opposite order, so neither commit always runs first.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { prepareAgainstTree } from "./against-tree";
import { verdictOf, type RatioBudget } from "./ratio-budget";

/** A tree's compiled scan server and where its runs keep their files. */
export interface ScanServer {
  /** The commit, 7 digits (with "+changes" for a tree with local changes). */
  readonly commit: string;
  readonly bundle: string;
  readonly nodeFlags: readonly string[];
  /** Its database, picks.json and server.log. */
  readonly work: string;
}

/** What the older tree's mock-server/build-server.ts exports (the same since c8625c9). */
interface BuildModule {
  readonly buildServer: (entry: string, outfile: string) => Promise<void>;
  readonly SERVER_BUNDLE: string;
  readonly SERVER_NODE_FLAGS: readonly string[];
}

/** Refuses the options a BENCH_AGAINST run does not measure: another engine, several processes, a reused database. */
export function refuseAgainstOptions(
  engines: readonly string[],
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (engines.join() !== "sqlite")
    throw new Error(
      "BENCH_AGAINST measures SQLite only (the older commit has no PostgreSQL store): drop --engine or pass --engine sqlite",
    );
  if (argv.some((arg) => arg === "--processes" || arg.startsWith("--processes=")))
    throw new Error("BENCH_AGAINST measures one server process (SQLite): drop --processes");
  if (env.BENCH_REUSE === "1")
    throw new Error(
      "BENCH_AGAINST seeds each commit's database and serves a fresh copy of it each run: drop BENCH_REUSE",
    );
}

/** The older commit's tree (against-tree.ts) with its own bench/scan-server.ts built by its own build script. */
export async function olderScanServer(root: string, revision: string, log: string): Promise<ScanServer> {
  const tree = await prepareAgainstTree(root, revision, log);
  const build = (await import(pathToFileURL(join(tree.root, "mock-server/build-server.ts")).href)) as BuildModule;
  // Beside that tree's server bundle, for the paths its modules take from import.meta.dirname.
  const bundle = join(build.SERVER_BUNDLE, "..", "bench-scan-server.mjs");
  await build.buildServer(join(tree.root, "bench/scan-server.ts"), bundle);
  return {
    commit: tree.short,
    bundle,
    nodeFlags: build.SERVER_NODE_FLAGS,
    work: join(root, "bench/.work", `scan-${tree.short}`),
  };
}

/** One measured run in a BENCH_AGAINST run's order. */
export interface AgainstRun<S> {
  readonly server: S;
  /** 1 or 2. */
  readonly pass: number;
  /** How the output names the run: "c8625c9, pass 2 (c8625c9 first)". */
  readonly label: string;
}

/** Ours, the older, the older, ours. */
export function againstOrder<S extends { readonly commit: string }>(ours: S, older: S): AgainstRun<S>[] {
  const run = (server: S, pass: number, first: S) => ({
    server,
    pass,
    label: `${server.commit}, pass ${pass} (${first.commit} first)`,
  });
  return [run(ours, 1, ours), run(older, 1, ours), run(older, 2, older), run(ours, 2, older)];
}

/** A run's judgement: its budgets over its own floor, and whether every scan answered without error or 500. */
export interface JudgedRun {
  readonly commit: string;
  readonly budgets: readonly RatioBudget[];
  readonly clean: boolean;
}

/** Each commit's verdict over its own runs, in the order the commits first ran: PASS when every run passed. */
export function commitVerdicts(runs: readonly JudgedRun[]): Map<string, "PASS" | "MISS"> {
  const verdicts = new Map<string, "PASS" | "MISS">();
  for (const run of runs) {
    const passed = run.clean && run.budgets.every((budget) => verdictOf(budget) === "PASS");
    verdicts.set(run.commit, verdicts.get(run.commit) === "MISS" || !passed ? "MISS" : "PASS");
  }
  return verdicts;
}
