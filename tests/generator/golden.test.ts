// Golden tests: each good fixture manifest must produce exactly the files under its expected/ folder
// (a missing file, an extra file or a changed byte fails). This test only compares; rewriting the
// expectations is `npm run golden:update` (tests/generator/update-golden.ts), which never asserts.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../generator/index";
import { FIXTURES, fixtureNames, manifestOf, PROJECT_ROOT, readExpected } from "./fixtures";

it("there is at least one good fixture to compare", () => {
  expect(fixtureNames("good").length).toBeGreaterThan(0);
});

describe.each(fixtureNames("good"))("golden output of fixture %s", (name) => {
  it("matches expected/ file for file, with no orphans either way", () => {
    const built = build({
      manifestPath: manifestOf("good", name),
      root: PROJECT_ROOT,
      overridesDir: join(FIXTURES, "good", name, "overrides"),
      cwd: PROJECT_ROOT,
    });
    expect(built.problems).toEqual([]);
    // A build that stops without problems and without files is a failure too, not an empty match.
    if (!("files" in built)) throw new Error(`fixture ${name}: the build produced no files and named no problem`);
    expect(built.files.length, `fixture ${name} produced no files`).toBeGreaterThan(0);
    const produced = new Map(built.files.map((f) => [f.path, f.content]));
    const expected = readExpected(name);
    expect([...produced.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [path, content] of produced) expect(content, path).toBe(expected.get(path));
  });
});
