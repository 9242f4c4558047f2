// Same manifest, same bytes: two builds agree, a second write changes nothing, and --check sees no drift.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build, createGeneratorCache, generate } from "../../generator/index";
import { addAnalystArea } from "./analyst-area";
import { FIXTURES, manifestOf, PROJECT_ROOT } from "./fixtures";

const manifestPath = manifestOf("good", "minimal");
const overridesDir = join(FIXTURES, "good", "minimal", "overrides");

describe("generator determinism", () => {
  it("builds byte-identical files twice in a row", () => {
    const first = build({ manifestPath, root: PROJECT_ROOT, overridesDir });
    const second = build({ manifestPath, root: PROJECT_ROOT, overridesDir });
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

  it("watch mode's server-first write writes the same bytes, reports each file once, and deletes orphans", async () => {
    const [plain, first] = [mkdtempSync(join(tmpdir(), "gen-plain-")), mkdtempSync(join(tmpdir(), "gen-first-"))];
    const reference = await generate({ manifestPath, root: plain, overridesDir });
    const orphan = join(first, "mock-server/generated/gone.gen.json");
    cpSync(join(plain, "mock-server"), join(first, "mock-server"), { recursive: true });
    cpSync(join(plain, "mock-server/generated/contract.gen.json"), orphan);
    writeFileSync(join(first, "mock-server/generated/contract.gen.json"), "{}\n"); // an older contract
    const served = await generate({ manifestPath, root: first, overridesDir, serverFirst: true });
    const written = served.write!.written;
    expect(written).toContain("mock-server/generated/contract.gen.json");
    expect(new Set(written).size).toBe(written.length);
    expect(served.write!.unchanged).not.toContain("mock-server/generated/contract.gen.json");
    expect(served.write!.deleted).toEqual(["mock-server/generated/gone.gen.json"]);
    expect([...written, ...served.write!.unchanged].sort()).toEqual([...reference.write!.written].sort());
    for (const path of reference.write!.written)
      expect(readFileSync(join(first, path), "utf8"), path).toBe(readFileSync(join(plain, path), "utf8"));
    rmSync(plain, { recursive: true, force: true });
    rmSync(first, { recursive: true, force: true });
  });

  it("starts every generated file with the do-not-edit banner and no timestamp", () => {
    const built = build({ manifestPath, root: PROJECT_ROOT, overridesDir });
    if (!("files" in built)) throw new Error("fixture must build");
    for (const file of built.files) {
      const head = file.path.endsWith(".json") ? String(JSON.parse(file.content).$comment) : file.content;
      expect(
        head.replace(/^\/\/ /, "").startsWith("Generated from tests/fixtures/generator/good/minimal/manifest.yaml"),
        file.path,
      ).toBe(true);
      expect(file.content, file.path).not.toMatch(/20\d\d-\d\d-\d\d/);
    }
  });

  it("watch mode's cache gives the same bytes as a cold run after each save, broken ones included", async () => {
    const root = mkdtempSync(join(tmpdir(), "gen-watch-"));
    cpSync(join(PROJECT_ROOT, "schema"), join(root, "schema"), { recursive: true });
    const real = join(root, "schema", "manifest.yaml");
    const cache = createGeneratorCache();
    const overridesDir = join(PROJECT_ROOT, "src", "overrides");
    const same = async () => {
      const warm = await generate({ manifestPath: real, root, overridesDir, cache, check: true });
      const cold = await generate({ manifestPath: real, root, overridesDir, check: true });
      expect(JSON.stringify(warm)).toBe(JSON.stringify(cold));
      return warm;
    };
    expect((await same()).problems).toEqual([]);
    addAnalystArea(root); // a new resource file, then the manifest
    const added = build({ manifestPath: real, root, overridesDir, cache });
    expect("model" in added && added.model.resources.some((r) => r.name === "lab_samples")).toBe(true);
    await same();
    const resource = join(root, "schema", "resources", "lab_samples.yaml");
    const text = readFileSync(resource, "utf8");
    writeFileSync(resource, text.replace("maxLength: 24", "maxLength: {24")); // a dropped }
    expect((await same()).problems.length).toBeGreaterThan(0);
    writeFileSync(resource, text.replace("maxLength: 24", "maxLength: 32"));
    const fixed = build({ manifestPath: real, root, overridesDir, cache });
    expect(JSON.stringify("files" in fixed && fixed.files)).toContain("32");
    await same();
    rmSync(root, { recursive: true, force: true });
  });
});
