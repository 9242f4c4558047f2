// Fixture manifests for the generator tests: good ones with their expected output, bad ones with their expected problems.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export const FIXTURES = join(import.meta.dirname, "..", "fixtures", "generator");
export const PROJECT_ROOT = join(import.meta.dirname, "..", "..");

export const fixtureNames = (kind: "good" | "bad"): string[] => readdirSync(join(FIXTURES, kind)).sort();

export function manifestOf(kind: "good" | "bad", name: string): string {
  return join(FIXTURES, kind, name, "manifest.yaml");
}

/** Every file under a fixture's expected/ folder, keyed by its path relative to that folder. */
export function readExpected(name: string): Map<string, string> {
  const dir = join(FIXTURES, "good", name, "expected");
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = join(entry.parentPath, entry.name);
    files.set(relative(dir, abs).replace(/\\/g, "/"), readFileSync(abs, "utf8"));
  }
  return files;
}
