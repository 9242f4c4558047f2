// Same manifest, same bytes: two builds agree, a second write changes nothing, and --check sees no drift.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build, generate } from "../../generator/index";
import { FIXTURES, manifestOf, PROJECT_ROOT } from "./fixtures";

const manifestPath = manifestOf("good", "minimal");
const overridesDir = join(FIXTURES, "good", "minimal", "overrides");

describe("generator determinism", () => {
  it("builds byte-identical files twice in a row", async () => {
    const first = await build({ manifestPath, root: PROJECT_ROOT, overridesDir });
    const second = await build({ manifestPath, root: PROJECT_ROOT, overridesDir });
    expect("files" in first && "files" in second).toBe(true);
    expect(JSON.stringify("files" in second && second.files)).toBe(JSON.stringify("files" in first && first.files));
  });

  it("does not rewrite unchanged files, reports drift in check mode, and deletes orphans", async () => {
    const root = mkdtempSync(join(tmpdir(), "gen-det-"));
    const first = await generate({ manifestPath, root, overridesDir });
    expect(first.write!.written.length).toBeGreaterThan(10);
    const again = await generate({ manifestPath, root, overridesDir });
    expect(again.write!.written).toEqual([]);
    expect(again.write!.unchanged.length).toBe(first.write!.written.length);

    const routes = join(root, "src/generated/routes.gen.ts");
    writeFileSync(routes, readFileSync(routes, "utf8") + "// hand edit\n");
    const orphan = join(root, "src/generated/screens/gone/ListPage.gen.tsx");
    cpSync(routes, orphan);
    rmSync(join(root, "src/generated/icons.gen.ts"));
    const checked = await generate({ manifestPath, root, overridesDir, check: true });
    expect(checked.write!.stale).toEqual([
      "src/generated/icons.gen.ts (missing)",
      "src/generated/routes.gen.ts",
      "src/generated/screens/gone/ListPage.gen.tsx (no longer generated)",
    ]);
    expect(readFileSync(routes, "utf8")).toContain("// hand edit"); // check mode writes nothing

    const fixed = await generate({ manifestPath, root, overridesDir });
    expect(fixed.write!.written).toEqual(["src/generated/icons.gen.ts", "src/generated/routes.gen.ts"]);
    expect(fixed.write!.deleted).toEqual(["src/generated/screens/gone/ListPage.gen.tsx"]);
    expect(existsSync(join(root, "src/generated/screens/gone"))).toBe(false);
  });

  it("starts every generated file with the do-not-edit banner and no timestamp", async () => {
    const built = await build({ manifestPath, root: PROJECT_ROOT, overridesDir });
    if (!("files" in built)) throw new Error("fixture must build");
    for (const file of built.files) {
      const head = file.path.endsWith(".json") ? String(JSON.parse(file.content).$comment) : file.content;
      expect(head.replace(/^\/\/ /, "").startsWith("Generated from tests/fixtures/generator/good/minimal/manifest.yaml"), file.path).toBe(true);
      expect(file.content, file.path).not.toMatch(/20\d\d-\d\d-\d\d/);
    }
  });
});
