// The generator writes prettier's layout itself and runs no formatter, which would take most of a cold run. Prettier stays the
// judge: every file generated from the real manifest, from each good fixture and from a synthetic
// manifest must come back unchanged from prettier with the project's config, so an emitter that drifts
// fails here with the file's name. JSON must be in its canonical two-space form.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import { writeSyntheticManifest } from "../../bench/synthetic-manifest";
import { build, buildContractFiles } from "../../generator/index";
import type { GeneratedFile } from "../../generator/emit/generated-file";
import { FIXTURES, fixtureNames, manifestOf, PROJECT_ROOT } from "./fixtures";

function filesOf(manifestPath: string, overridesDir: string): GeneratedFile[] {
  const built = build({ manifestPath, root: PROJECT_ROOT, overridesDir, cwd: PROJECT_ROOT });
  if (!("files" in built)) throw new Error(`${manifestPath}: ${built.problems.length} problem(s)`);
  expect(built.files.length).toBeGreaterThan(0);
  return built.files;
}

async function expectPrettierStable(files: readonly GeneratedFile[]): Promise<void> {
  let checked = 0;
  for (const file of files) {
    if (file.path.endsWith(".md")) continue; // not prettier's to judge: the reference is emitted in its final form
    if (file.path.endsWith(".json")) {
      expect(file.content, file.path).toBe(`${JSON.stringify(JSON.parse(file.content), null, 2)}\n`);
      continue;
    }
    const config = await resolveConfig(join(PROJECT_ROOT, file.path));
    expect(config, "the project's prettier config").not.toBeNull();
    const formatted = await format(file.content, { ...config, filepath: join(PROJECT_ROOT, file.path) });
    expect(file.content, file.path).toBe(formatted);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
}

describe("generated code is already in prettier's layout", { timeout: 300_000 }, () => {
  it("for the real manifest", async () => {
    await expectPrettierStable(
      filesOf(join(PROJECT_ROOT, "schema", "manifest.yaml"), join(PROJECT_ROOT, "src", "overrides")),
    );
  });

  it("for the contract files", async () => {
    await expectPrettierStable(await buildContractFiles());
  });

  it.each(fixtureNames("good"))("for fixture %s", async (name) => {
    await expectPrettierStable(filesOf(manifestOf("good", name), join(FIXTURES, "good", name, "overrides")));
  });

  it("for a synthetic manifest of 12 resources", async () => {
    const manifest = writeSyntheticManifest(mkdtempSync(join(tmpdir(), "prettier-stable-")), 12);
    await expectPrettierStable(filesOf(manifest, join(PROJECT_ROOT, "src", "overrides")));
  });
});
