// The generator's floor: what any generator of the same output must do, timed in the same run as the
// generator itself. Every input YAML file (the manifest and each resource file) is read and parsed
// with js-yaml, and every file the cold run wrote is written again, with its folder, into a fresh
// folder; nothing is computed between. It follows the host as the generator does (JavaScript on the
// CPU, file writes in the kernel), and no code of the generator is in it, so the ratio of the cold
// run to it judges the generator, not the host.
import { CORE_SCHEMA, load } from "js-yaml";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface OutputFile {
  readonly path: string;
  readonly content: string;
}

/** The cold run's output, read back (untimed) from `root` for the floor to write again. */
export const outputOf = (root: string, written: readonly string[]): OutputFile[] =>
  written.map((path) => ({ path, content: readFileSync(join(root, path), "utf8") }));

/** The manifest and its resource files, in name order (as the generator's load step lists them). */
function inputsOf(manifestPath: string): string[] {
  const resources = join(dirname(manifestPath), "resources");
  const names = readdirSync(resources)
    .filter((name) => name.endsWith(".yaml"))
    .sort();
  return [manifestPath, ...names.map((name) => join(resources, name))];
}

/** One floor run in milliseconds: read and parse the inputs, write the outputs into a fresh folder. */
export function floorMs(manifestPath: string, output: readonly OutputFile[]): number {
  const root = mkdtempSync(join(tmpdir(), "bench-gen-floor-"));
  try {
    const started = performance.now();
    for (const input of inputsOf(manifestPath)) load(readFileSync(input, "utf8"), { schema: CORE_SCHEMA });
    const made = new Set<string>();
    for (const file of output) {
      const abs = join(root, file.path);
      if (!made.has(dirname(abs))) {
        mkdirSync(dirname(abs), { recursive: true });
        made.add(dirname(abs));
      }
      writeFileSync(abs, file.content);
    }
    return performance.now() - started;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
