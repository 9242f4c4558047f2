// bench/generate: time to generate the real manifest and synthetic ones of 100 and 1,000 resources,
// and the time per resource at each size (it should stay flat: the generator is linear).
// Run: npm run bench:generate
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generate } from "../generator/index";
import { writeSyntheticManifest } from "./synthetic-manifest";

/** Cold: a fresh output folder and no format cache. Warm: the same manifest again with the cache (a rerun, --check, watch). */
async function timeGenerate(label: string, manifestPath: string, resources: number, runs: number) {
  const cold: number[] = [];
  const warm: number[] = [];
  let files = 0;
  for (let run = 0; run < runs; run++) {
    const root = mkdtempSync(join(tmpdir(), "bench-gen-out-"));
    const options = { manifestPath, root, overridesDir: resolve("src/overrides"), formatCache: join(root, "format-cache.json") };
    let started = performance.now();
    const result = await generate(options);
    cold.push(performance.now() - started);
    if (result.problems.length > 0) throw new Error(`${label}: ${result.problems.length} problems`);
    files = result.write!.written.length;
    started = performance.now();
    await generate({ ...options, check: true });
    warm.push(performance.now() - started);
    rmSync(root, { recursive: true, force: true });
  }
  const best = Math.min(...cold);
  return { label, resources, files, ms: best, perResource: best / resources, warmMs: Math.min(...warm) };
}

const realResourceCount = readdirSync("schema/resources").filter((f) => f.endsWith(".yaml")).length;
const rows = [await timeGenerate("real manifest", resolve("schema/manifest.yaml"), realResourceCount, 3)];
for (const size of [100, 1000]) {
  const dir = mkdtempSync(join(tmpdir(), `bench-gen-${size}-`));
  rows.push(await timeGenerate(`synthetic ${size}`, writeSyntheticManifest(dir, size), size, size >= 1000 ? 1 : 3));
  rmSync(dir, { recursive: true, force: true });
}

console.log(`node ${process.version}, ${process.platform} ${process.arch}; best of 3 runs (1 run at 1,000)\n`);
console.log("| manifest | resources | files | cold ms | cold ms per resource | warm ms (format cache) |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const r of rows)
  console.log(`| ${r.label} | ${r.resources} | ${r.files} | ${r.ms.toFixed(0)} | ${r.perResource.toFixed(2)} | ${r.warmMs.toFixed(0)} |`);
const [, small, large] = rows;
console.log(`\nper-resource cost at 1,000 vs 100: ${(large!.perResource / small!.perResource).toFixed(2)}x (1.00x = perfectly linear)`);
