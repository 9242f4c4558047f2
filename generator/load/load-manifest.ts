// Reads schema/manifest.yaml and every schema/resources/*.yaml, in name order.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import type { Problem } from "../problems";
import { NO_PARSE_CACHE, type ParseCache } from "./parse-cache";
import type { YamlSource } from "./yaml-source";

export interface LoadedManifest {
  readonly manifest: YamlSource;
  readonly resources: readonly YamlSource[];
}

export function resourcesDirOf(manifestPath: string): string {
  return join(dirname(manifestPath), "resources");
}

/** Every file the manifest is made of, for watch mode. */
export function manifestFiles(manifestPath: string): string[] {
  const dir = resourcesDirOf(manifestPath);
  const resources = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith(".yaml"))
        .sort()
        .map((name) => join(dir, name))
    : [];
  return [manifestPath, ...resources];
}

export function loadManifest(
  manifestPath: string,
  cwd = process.cwd(),
  cache: ParseCache = NO_PARSE_CACHE,
): { loaded?: LoadedManifest; problems: Problem[] } {
  const problems: Problem[] = [];
  const sources: YamlSource[] = [];
  for (const path of manifestFiles(manifestPath)) {
    const shown = relative(cwd, path) || basename(path);
    if (!existsSync(path)) {
      problems.push({ file: shown, line: 1, col: 1, pointer: "", message: "file not found" });
      continue;
    }
    const { source, problems: parseProblems } = cache.parse(shown, readFileSync(path, "utf8"));
    problems.push(...parseProblems);
    if (source) sources.push(source);
  }
  // A file read fast may still be one the reference parser refuses (load/yaml-source.ts): its problems join the others'.
  if (problems.length > 0) return { problems: [...problems, ...sources.flatMap((source) => source.exact().problems)] };
  if (sources.length === 0) return { problems };
  const [manifest, ...resources] = sources;
  return { loaded: { manifest: manifest, resources }, problems };
}

/**
 * The manifest as the reference parser reads it, for a run that found problems: the same object
 * when every file reads the same there (its problems stand as found), else the reference's reading
 * or the reference's parse problems.
 */
export function exactManifest(loaded: LoadedManifest): { loaded?: LoadedManifest; problems: Problem[] } {
  const all = [loaded.manifest, ...loaded.resources];
  const exact = all.map((source) => source.exact());
  const problems = exact.flatMap((parsed) => parsed.problems);
  if (problems.length > 0) return { problems };
  const sources = exact.map((parsed) => parsed.source!);
  if (sources.every((source, index) => sameData(source.data, all[index].data))) return { loaded, problems };
  const [manifest, ...resources] = sources;
  return { loaded: { manifest: manifest, resources }, problems };
}

/** Equal JSON-like values, keys in the same order (order is manifest order downstream). */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (key, index) =>
      key === keysB[index] && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
