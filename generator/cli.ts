// npm run generate [-- --check] [-- --watch] [-- --verbose] [--manifest path] [--root dir]
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createGeneratorCache, formatProblem, generate, shownProblems } from "./index";
import { watchManifest } from "./watch";

const { values } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    watch: { type: "boolean", default: false },
    manifest: { type: "string", default: "schema/manifest.yaml" },
    root: { type: "string", default: "." },
    quiet: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});

const options = {
  manifestPath: resolve(values.manifest),
  root: resolve(values.root),
  check: values.check,
  // Watch mode keeps each file's parse between saves; a single run has nothing to keep.
  ...(values.watch ? { cache: createGeneratorCache() } : {}),
};

async function run(): Promise<boolean> {
  const started = performance.now();
  const result = await generate(options);
  if (result.problems.length > 0) {
    const shown = shownProblems(result.problems, values.verbose);
    for (const problem of shown) console.error(formatProblem(problem));
    const hidden = result.problems.length - shown.length;
    const more = hidden > 0 ? ` (${hidden} more parser message(s) about the same mistake: --verbose shows them)` : "";
    console.error(`\n${shown.length} problem(s) in the manifest${more}; nothing was written.`);
    return false;
  }
  const write = result.write!;
  const ms = Math.round(performance.now() - started);
  if (values.check) {
    if (write.stale.length > 0) {
      for (const path of write.stale) console.error(`stale: ${path}`);
      console.error(
        `\n${write.stale.length} generated file(s) out of date: run npm run generate and commit the result.`,
      );
      return false;
    }
    if (!values.quiet) console.log(`generated code is up to date (${write.unchanged.length} files, ${ms} ms)`);
    return true;
  }
  if (!values.quiet)
    console.log(
      `generated: ${write.written.length} written, ${write.unchanged.length} unchanged, ${write.deleted.length} deleted (${ms} ms)`,
    );
  return true;
}

if (values.watch) {
  await run();
  watchManifest(options.manifestPath, run);
} else {
  process.exitCode = (await run()) ? 0 : 1;
}
