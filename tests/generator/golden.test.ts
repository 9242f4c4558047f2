// Golden tests: each good fixture manifest must produce exactly the files under its expected/ folder
// (a missing file, an extra file or a changed byte fails). UPDATE_GOLDEN=1 rewrites the expectations.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../generator/index";
import { FIXTURES, fixtureNames, manifestOf, PROJECT_ROOT, readExpected } from "./fixtures";

describe.each(fixtureNames("good"))("golden output of fixture %s", (name) => {
  it("matches expected/ file for file, with no orphans either way", async () => {
    const built = await build({
      manifestPath: manifestOf("good", name),
      root: PROJECT_ROOT,
      overridesDir: join(FIXTURES, "good", name, "overrides"),
      cwd: PROJECT_ROOT,
    });
    expect("files" in built ? [] : built.problems).toEqual([]);
    if (!("files" in built)) return;
    const produced = new Map(built.files.map((f) => [f.path, f.content]));
    if (process.env.UPDATE_GOLDEN) {
      const dir = join(FIXTURES, "good", name, "expected");
      rmSync(dir, { recursive: true, force: true });
      for (const [path, content] of produced) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
    }
    const expected = readExpected(name);
    expect([...produced.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [path, content] of produced) expect(content, path).toBe(expected.get(path));
  });
});
