// bench/generate: time to generate the real manifest and synthetic ones of 100 and 1,000 resources,
// the time per resource at each size (it should stay flat: the generator is linear), and the budgets:
// the real manifest under 1 s cold, at most 5 ms a resource at 1,000 resources.
// Run: npm run bench:generate
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generate } from "../generator/index";
import { writeSyntheticManifest } from "./synthetic-manifest";

/**
 * Cold: a fresh output folder, every file written. Check: the same manifest again with --check (nothing written).
 * CPU: the process's CPU time during the cold run, shown beside the wall-clock figure because this machine is
 * shared: when other work holds the cores, wall time grows and CPU time much less. The budgets judge wall time.
 */
async function timeGenerate(label: string, manifestPath: string, resources: number, runs: number) {
  const cold: number[] = [];
  const coldCpu: number[] = [];
  const check: number[] = [];
  let files = 0;
  for (let run = 0; run < runs; run++) {
    const root = mkdtempSync(join(tmpdir(), "bench-gen-out-"));
    const options = { manifestPath, root, overridesDir: resolve("src/overrides") };
    let started = performance.now();
    const cpu = process.cpuUsage();
    const result = await generate(options);
    cold.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    coldCpu.push((used.user + used.system) / 1000);
    if (result.problems.length > 0) throw new Error(`${label}: ${result.problems.length} problems`);
    files = result.write!.written.length;
    started = performance.now();
    const checked = await generate({ ...options, check: true });
    check.push(performance.now() - started);
    if (checked.write!.stale.length > 0) throw new Error(`${label}: --check right after generating found stale files`);
    rmSync(root, { recursive: true, force: true });
  }
  const best = Math.min(...cold);
  const bestRun = cold.indexOf(best);
  return {
    label,
    resources,
    files,
    ms: best,
    cpuMs: coldCpu[bestRun],
    perResource: best / resources,
    checkMs: Math.min(...check),
  };
}

type Row = Awaited<ReturnType<typeof timeGenerate>>;
interface Budget {
  readonly what: string;
  readonly row: Row;
  readonly figure: (row: Row) => number;
  readonly unit: string;
  readonly limit: number;
  /** true: the figure must stay below the limit; false: at most the limit. */
  readonly strict: boolean;
}

const realResourceCount = readdirSync("schema/resources").filter((f) => f.endsWith(".yaml")).length;
const rows = [await timeGenerate("real manifest", resolve("schema/manifest.yaml"), realResourceCount, 3)];
for (const size of [100, 1000]) {
  const dir = mkdtempSync(join(tmpdir(), `bench-gen-${size}-`));
  rows.push(await timeGenerate(`synthetic ${size}`, writeSyntheticManifest(dir, size), size, size >= 1000 ? 1 : 3));
  rmSync(dir, { recursive: true, force: true });
}

console.log(`node ${process.version}, ${process.platform} ${process.arch}; best of 3 runs (1 run at 1,000)\n`);
console.log("| manifest | resources | files | cold ms | cold CPU ms | cold ms per resource | --check ms |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const r of rows)
  console.log(
    `| ${r.label} | ${r.resources} | ${r.files} | ${r.ms.toFixed(0)} | ${r.cpuMs.toFixed(0)} | ${r.perResource.toFixed(2)} | ${r.checkMs.toFixed(0)} |`,
  );
const [real, small, large] = rows as [Row, Row, Row];
console.log(
  `\nper-resource cost at 1,000 vs 100: ${(large.perResource / small.perResource).toFixed(2)}x (1.00x = perfectly linear)\n`,
);

// Absolute: no same-run peer does the generator's work (its CPU time is the same work), and the recorded
// runs sit 4–6× under both limits, beyond any difference of hosts seen.
const budgets: Budget[] = [
  { what: "real manifest, cold", row: real, figure: (r) => r.ms, unit: "ms", limit: 1000, strict: true },
  {
    what: "1,000 resources, cold, per resource",
    row: large,
    figure: (r) => r.perResource,
    unit: "ms",
    limit: 5,
    strict: false,
  },
];
console.log("| budget | figure | limit | result |");
console.log("|---|---:|---:|---|");
let missed = 0;
for (const b of budgets) {
  const figure = b.figure(b.row);
  const pass = b.strict ? figure < b.limit : figure <= b.limit;
  if (!pass) missed++;
  console.log(
    `| ${b.what} | ${figure.toFixed(2)} ${b.unit} | ${b.strict ? "<" : "≤"} ${b.limit} ${b.unit} | ${pass ? "PASS" : "MISS"} |`,
  );
}
process.exitCode = missed > 0 ? 1 : 0;
