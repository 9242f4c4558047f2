// `npm run golden:update`: rewrites each good fixture's expected/ folder from what the generator
// builds today. It never compares; review the diff, then `npx vitest run tests/generator` checks it.
// A fixture whose build fails, or builds nothing, is reported and left as it was.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { build } from "../../generator/index";
import { formatProblem } from "../../generator/problems";
import { FIXTURES, fixtureNames, manifestOf, PROJECT_ROOT } from "./fixtures";

let failed = false;
for (const name of fixtureNames("good")) {
  const built = build({
    manifestPath: manifestOf("good", name),
    root: PROJECT_ROOT,
    overridesDir: join(FIXTURES, "good", name, "overrides"),
    cwd: PROJECT_ROOT,
  });
  if (!("files" in built) || built.files.length === 0) {
    failed = true;
    console.error(`${name}: not updated, the build produced no files`);
    for (const problem of built.problems) console.error(`  ${formatProblem(problem)}`);
    continue;
  }
  const dir = join(FIXTURES, "good", name, "expected");
  rmSync(dir, { recursive: true, force: true });
  for (const file of built.files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.content);
  }
  console.log(`${name}: ${built.files.length} files written to ${dir}`);
}
if (failed) process.exitCode = 1;
