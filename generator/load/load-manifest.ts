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
  if (problems.length > 0 || sources.length === 0) return { problems };
  const [manifest, ...resources] = sources;
  return { loaded: { manifest: manifest!, resources }, problems };
}
