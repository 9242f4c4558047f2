// The analyst's promise: a new menu and resource added to a copy of the real manifest yields a route, a sidebar entry,
// a typed client, screens and a served resource, with no hand-written code.
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../generator/index";
import type { ServerContract } from "../../schema/contract/server-contract";
import { PROJECT_ROOT } from "./fixtures";
import { ANALYST_AREA, writeManifestWithAnalystArea } from "./analyst-area";

describe("an analyst adds an area to the manifest", () => {
  it("generates its route, menu entry, typed client, screens and server contract", async () => {
    const root = mkdtempSync(join(tmpdir(), "analyst-"));
    symlinkSync(join(PROJECT_ROOT, "node_modules"), join(root, "node_modules"));
    const manifestPath = writeManifestWithAnalystArea(PROJECT_ROOT, root);
    const result = await generate({
      manifestPath,
      root,
      overridesDir: join(PROJECT_ROOT, "src", "overrides"),
      cwd: root,
    });
    expect(result.problems).toEqual([]);

    const read = (path: string) => readFileSync(join(root, path), "utf8");
    const routes = read("src/generated/routes.gen.ts");
    expect(routes).toContain(`name: "${ANALYST_AREA.menu}"`);
    expect(routes).toContain(`path: "/home/qualitylab"`);
    expect(routes).toContain(`path: "${ANALYST_AREA.path}/create"`);
    expect(routes).toContain(`import("./screens/${ANALYST_AREA.screen}/ListPage.gen")`);
    expect(read("src/generated/i18n/ja.gen.ts")).toContain(ANALYST_AREA.title.ja);

    const types = read("src/api/generated/types/lab_samples.gen.ts");
    expect(types).toContain("export interface LabSamplesRecord");
    expect(types).toMatch(/weight_grams\?: number \| null;/);
    expect(types).toMatch(/passed\?: boolean \| null;/);
    expect(types).toMatch(/sampled_on: string;/);
    expect(read("src/api/generated/clients/lab_samples.gen.ts")).toContain(
      "createResourceClient<LabSamplesRecord, LabSamplesCreateInput>",
    );
    for (const view of ["List", "Create", "Edit"])
      expect(existsSync(join(root, `src/generated/screens/${ANALYST_AREA.screen}/${view}Page.gen.tsx`))).toBe(true);
    expect(existsSync(join(root, `src/generated/screens/${ANALYST_AREA.screen}/ShowPage.gen.tsx`))).toBe(false);

    const contract = JSON.parse(read("mock-server/generated/contract.gen.json")) as ServerContract;
    const served = contract.resources.find((r) => r.name === ANALYST_AREA.resource)!;
    expect(served.endpoints.list).toEqual({ method: "GET", path: "/api/qualitylab/samples/pagelist" });
    expect(served.columns.map((c) => `${c.name}:${c.sqlType}`)).toEqual(
      expect.arrayContaining([
        "sample_code:TEXT",
        "weight_grams:REAL",
        "sampled_on:TEXT",
        "passed:INTEGER",
        "product_id:INTEGER",
      ]),
    );
    expect(served.readRoles).toEqual([ANALYST_AREA.screen]);
    expect(served.writeRoles.create).toEqual([`${ANALYST_AREA.screen}_add`]);
    const area = contract.menuTree.children.find((m) => m.menu_key === ANALYST_AREA.menu)!;
    expect(area.children.map((m) => m.menu_key)).toEqual([ANALYST_AREA.screen]);
  });
});
