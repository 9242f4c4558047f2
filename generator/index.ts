// The generator's public API: load → validate → normalize → emit → write. The emitters write prettier's
// layout themselves, because running a formatter took most of a cold run; tests/generator/prettier-stable.test.ts holds them to it.
import { join } from "node:path";
import manifestSchema from "../schema/manifest.schema.json" with { type: "json" };
import { emitAll } from "./emit/emit-all";
import { emitServer } from "./emit/emit-server";
import { CALLS } from "../schema/contract/calls";
import { emitCallClients } from "./emit/emit-calls";
import { emitManifestReference } from "./emit/emit-manifest-reference";
import { emitManifestTypes } from "./emit/emit-manifest-types";
import type { GeneratedFile } from "./emit/generated-file";
import { environmentFor } from "./environment";
import { exactManifest, loadManifest, type LoadedManifest } from "./load/load-manifest";
import { createParseCache, type ParseCache } from "./load/parse-cache";
import type { Model } from "./model/model";
import { normalize } from "./normalize/normalize";
import { sortProblems, type Problem } from "./problems";
import { validateResources } from "./validate/validate-resources";
import { validateSchema } from "./validate/validate-schema";
import { writeFiles, type WriteResult } from "./write/write-files";

export interface GenerateOptions {
  /** schema/manifest.yaml; its resources are read from the resources/ folder beside it. */
  readonly manifestPath: string;
  /** Project root the generated folders live in. */
  readonly root: string;
  readonly overridesDir?: string;
  /** Render in memory and report stale files; write nothing. */
  readonly check?: boolean;
  /** Where file names in problems are shown relative to. */
  readonly cwd?: string;
  /** Watch mode: what earlier runs of this process worked out and a save cannot change. */
  readonly cache?: GeneratorCache;
  /**
   * Watch mode: write the server's contract as soon as it is emitted, so that a
   * development server taking new contracts in place starts building the next app while the
   * console's files are emitted.
   */
  readonly serverFirst?: boolean;
}

/**
 * Kept between the runs of one watching process: each file's parse (checked against its text),
 * and the files that follow from the contract alone (schema/manifest.schema.json and the
 * hand-written calls are modules of this process, so they cannot change while it runs).
 */
export interface GeneratorCache {
  readonly parse: ParseCache;
  contractFiles?: Promise<GeneratedFile[]>;
}

export function createGeneratorCache(): GeneratorCache {
  return { parse: createParseCache() };
}

export type BuildResult =
  { readonly model: Model; readonly files: GeneratedFile[]; readonly problems: [] } | { readonly problems: Problem[] };

type ModelResult =
  { readonly model: Model; readonly problems: [] } | { readonly model?: undefined; readonly problems: Problem[] };

/** The manifest loaded, validated and normalized. */
function buildModel(options: GenerateOptions): ModelResult {
  const { loaded, problems: loadProblems } = loadManifest(options.manifestPath, options.cwd, options.cache?.parse);
  if (!loaded) return { problems: sortProblems(loadProblems) };
  const result = modelOf(loaded, options);
  if (!result.model) {
    // Problems are told as the reference parser reads the files (load/yaml-source.ts): run again on its reading if it differs.
    const exact = exactManifest(loaded);
    if (!exact.loaded) return { problems: sortProblems(exact.problems) };
    if (exact.loaded !== loaded) return modelOf(exact.loaded, options);
  }
  return result;
}

function modelOf(loaded: LoadedManifest, options: GenerateOptions): ModelResult {
  const schemaProblems = validateSchema(loaded);
  if (schemaProblems.length > 0) return { problems: sortProblems(schemaProblems) };
  const resourceProblems = validateResources(loaded);
  // Normalize still finds the problems of what it resolves (menus, fields, contract calls), so it
  // runs after failed resource checks too: one run tells every problem.
  const { model, problems } = normalize(
    loaded,
    environmentFor(options.overridesDir ?? join(options.root, "src", "overrides")),
  );
  if (!model || resourceProblems.length > 0) return { problems: sortProblems([...resourceProblems, ...problems]) };
  return { model, problems: [] };
}

/** Everything up to the files, in memory. */
export function build(options: GenerateOptions): BuildResult {
  const { model, problems } = buildModel(options);
  return model ? { model, files: emitAll(model), problems: [] } : { problems };
}

/**
 * Output that follows from the contract alone, whatever the manifest: the manifest's own types
 * (from schema/manifest.schema.json) and the clients of the hand-written calls (schema/contract/calls.ts).
 */
export async function buildContractFiles(): Promise<GeneratedFile[]> {
  return [
    ...(await emitManifestTypes(manifestSchema)),
    ...emitManifestReference(manifestSchema),
    ...(await emitCallClients(CALLS)),
  ];
}

function contractFilesOf(cache: GeneratorCache | undefined): Promise<GeneratedFile[]> {
  if (!cache) return buildContractFiles();
  cache.contractFiles ??= buildContractFiles().catch((error: unknown) => {
    cache.contractFiles = undefined; // a failure is not kept: the next run tries again
    throw error;
  });
  return cache.contractFiles;
}

export type GenerateResult = { readonly problems: Problem[]; readonly write?: WriteResult };

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const contractFiles = contractFilesOf(options.cache);
  const { model, problems } = buildModel(options);
  if (!model) {
    void contractFiles.catch(() => undefined); // not needed now; a failure shows at the next run
    return { problems };
  }
  const check = options.check ?? false;
  const serverFiles = emitServer(model);
  const early =
    options.serverFirst && !check ? writeFiles(options.root, serverFiles, false, { prune: false }) : undefined;
  const rest = writeFiles(options.root, [...emitAll(model, serverFiles), ...(await contractFiles)], check);
  return { problems: [], write: early ? withEarlyWrites(early, rest) : rest };
}

/** The rest's result, with the files written ahead of it counted as written (it found them unchanged). */
function withEarlyWrites(early: WriteResult, rest: WriteResult): WriteResult {
  const ahead = new Set(early.written);
  return {
    ...rest,
    written: [...early.written, ...rest.written],
    unchanged: rest.unchanged.filter((path) => !ahead.has(path)),
  };
}

export { formatProblem, shownProblems, type Problem } from "./problems";
export type { Model } from "./model/model";
