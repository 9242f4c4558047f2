// Invalid fixtures: every problem is reported as file:line:col  /json/pointer  message, and nothing is written.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem, generate } from "../../generator/index";
import { FIXTURES, fixtureNames, manifestOf, PROJECT_ROOT } from "./fixtures";

describe.each(fixtureNames("bad"))("invalid fixture %s", (name) => {
  it("reports the expected problems with file, line, column and pointer, and writes nothing", async () => {
    const root = mkdtempSync(join(tmpdir(), "gen-bad-"));
    const result = await generate({ manifestPath: manifestOf("bad", name), root, cwd: PROJECT_ROOT });
    const expected = readFileSync(join(FIXTURES, "bad", name, "expected-problems.txt"), "utf8")
      .trim()
      .split("\n");
    expect(result.problems.map(formatProblem)).toEqual(expected);
    expect(result.write).toBeUndefined();
    expect(existsSync(join(root, "src"))).toBe(false);
    expect(existsSync(join(root, "mock-server"))).toBe(false);
  });
});
