// bench/generate: time to generate the real manifest and synthetic ones of 100 and 1,000 resources,
// the time per resource at each size (it should stay flat: the generator is linear), and beside each
// its floor in the same run (bench/generate-floor.ts: the inputs read and parsed, the outputs written,
// nothing generated). Budgets, as ratios to the floor (bench/ratio-budget.ts): the real manifest's cold
// run and the 1,000-resource one each at most a multiple of its own floor.
// Run: npm run bench:generate
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generate } from "../generator/index";
import { floorMs, outputOf } from "./generate-floor";
import { allPass, ratioTable, timeOverReference } from "./ratio-budget";
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
  const floor: number[] = [];
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
    const output = outputOf(root, result.write!.written);
    started = performance.now();
    const checked = await generate({ ...options, check: true });
    check.push(performance.now() - started);
    if (checked.write!.stale.length > 0) throw new Error(`${label}: --check right after generating found stale files`);
    rmSync(root, { recursive: true, force: true });
    floor.push(floorMs(manifestPath, output));
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
    floorMs: Math.min(...floor),
  };
}

type Row = Awaited<ReturnType<typeof timeGenerate>>;

/**
 * The real manifest's cold run over its floor: today's code 5.2–5.6× (best of 3; single warm runs
 * 3.6–7.3× at load average 4). 15× leaves room for a loaded machine, whose small floor (31–78 ms)
 * jitters most; the generator before it wrote prettier's layout itself (2.8 s) would be ~90×.
 */
const MAX_REAL_OVER_FLOOR = 15;
/**
 * 1,000 resources over their floor, where writing 7,000 files is most of both: today's code 0.8–1.4×.
 * 5 ms a resource, the absolute budget, over the floor's 1.3–1.5 s on a quiet machine is 3.3–3.8×.
 */
const MAX_LARGE_OVER_FLOOR = 3;

const realResourceCount = readdirSync("schema/resources").filter((f) => f.endsWith(".yaml")).length;
const rows = [await timeGenerate("real manifest", resolve("schema/manifest.yaml"), realResourceCount, 3)];
for (const size of [100, 1000]) {
  const dir = mkdtempSync(join(tmpdir(), `bench-gen-${size}-`));
  rows.push(await timeGenerate(`synthetic ${size}`, writeSyntheticManifest(dir, size), size, size >= 1000 ? 1 : 3));
  rmSync(dir, { recursive: true, force: true });
}

console.log(`node ${process.version}, ${process.platform} ${process.arch}; best of 3 runs (1 run at 1,000)\n`);
console.log(
  "| manifest | resources | files | cold ms | cold CPU ms | cold ms per resource | --check ms | floor ms | cold / floor |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows)
  console.log(
    `| ${r.label} | ${r.resources} | ${r.files} | ${r.ms.toFixed(0)} | ${r.cpuMs.toFixed(0)} | ${r.perResource.toFixed(2)} | ${r.checkMs.toFixed(0)} | ${r.floorMs.toFixed(0)} | ${(r.ms / r.floorMs).toFixed(1)}× |`,
  );
const [real, small, large] = rows as [Row, Row, Row];
console.log(
  `\nper-resource cost at 1,000 vs 100: ${(large.perResource / small.perResource).toFixed(2)}x (1.00x = perfectly linear)\n`,
);

const budgets = [
  timeOverReference({
    what: "real manifest, cold, over its floor",
    ms: real.ms,
    reference: { name: "floor", ms: real.floorMs },
    budget: MAX_REAL_OVER_FLOOR,
  }),
  timeOverReference({
    what: "1,000 resources, cold, over its floor",
    ms: large.ms,
    reference: { name: "floor", ms: large.floorMs },
    budget: MAX_LARGE_OVER_FLOOR,
  }),
];
console.log(ratioTable(budgets));
console.log(
  `\nabsolute, for reading beside earlier runs: real manifest ${real.ms.toFixed(0)} ms cold; ` +
    `${large.perResource.toFixed(2)} ms a resource at 1,000`,
);
process.exitCode = allPass(budgets) ? 0 : 1;
