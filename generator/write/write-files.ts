// Writes what emit produced: skips unchanged files, deletes generated files nobody produces any more;
// in check mode writes nothing and names each stale file.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { GeneratedFile } from "../emit/generated-file";

/**
 * Where generated files live: the console's under src/generated, its typed clients under
 * src/api/generated, the server's, and schema/contract's one made from the JSON Schema (manifest.gen.ts).
 */
export const GENERATED_DIRS = [
  "src/generated",
  "src/api/generated",
  "mock-server/generated",
  "schema/contract",
] as const;
const GENERATED_NAME = /\.gen\.(ts|tsx|json)$/;

export interface WriteResult {
  readonly written: string[];
  readonly unchanged: string[];
  readonly deleted: string[];
  /** check mode: files that differ, are missing or are orphans. */
  readonly stale: string[];
}

function listGenerated(root: string, dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && GENERATED_NAME.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).replace(/\\/g, "/"))
    .sort();
}

function removeEmptyDirs(root: string, dir: string): void {
  const abs = join(root, dir);
  if (!existsSync(abs)) return;
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const child = join(dir, entry.name);
    removeEmptyDirs(root, child);
    if (readdirSync(join(root, child)).length === 0) rmSync(join(root, child), { recursive: true });
  }
}

/** `prune: false` writes some of the files ahead of the rest, and deletes nothing. */
export function writeFiles(
  root: string,
  files: readonly GeneratedFile[],
  check: boolean,
  { prune = true } = {},
): WriteResult {
  const result: WriteResult = { written: [], unchanged: [], deleted: [], stale: [] };
  const produced = new Set(files.map((f) => f.path));
  // One listing says which generated files exist, so a cold run reads none (asking for each of 7,000 missing files was slow).
  const existing = GENERATED_DIRS.map((dir) => [dir, listGenerated(root, dir)] as const);
  const listed = new Set(existing.flatMap(([, paths]) => paths));
  const isListable = (path: string) =>
    GENERATED_NAME.test(path) && GENERATED_DIRS.some((dir) => path.startsWith(`${dir}/`));
  const madeDirs = new Set<string>();
  for (const file of files) {
    const abs = join(root, file.path);
    const exists = listed.has(file.path) || (!isListable(file.path) && existsSync(abs));
    const current = exists ? readFileSync(abs, "utf8") : undefined;
    if (current === file.content) {
      result.unchanged.push(file.path);
      continue;
    }
    if (check) {
      result.stale.push(current === undefined ? `${file.path} (missing)` : file.path);
      continue;
    }
    if (!madeDirs.has(dirname(abs))) {
      mkdirSync(dirname(abs), { recursive: true });
      madeDirs.add(dirname(abs));
    }
    writeFileSync(abs, file.content);
    result.written.push(file.path);
  }
  for (const [dir, paths] of prune ? existing : []) {
    for (const path of paths) {
      if (produced.has(path)) continue;
      if (check) result.stale.push(`${path} (no longer generated)`);
      else {
        rmSync(join(root, path));
        result.deleted.push(path);
      }
    }
    if (!check) removeEmptyDirs(root, dir);
  }
  return result;
}
