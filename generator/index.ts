// The generator's public API: load → validate → normalize → emit → write. The emitters write prettier's
// layout themselves (issue 14 §4); tests/generator/prettier-stable.test.ts holds them to it.
import { join } from "node:path";
import manifestSchema from "../schema/manifest.schema.json" with { type: "json" };
import { emitAll } from "./emit/emit-all";
import { CALLS } from "../schema/contract/calls";
import { emitCallClients } from "./emit/emit-calls";
import { emitManifestReference } from "./emit/emit-manifest-reference";
import { emitManifestTypes } from "./emit/emit-manifest-types";
import type { GeneratedFile } from "./emit/generated-file";
import { environmentFor } from "./environment";
import { loadManifest } from "./load/load-manifest";
import type { Model } from "./model/model";
import { normalize } from "./normalize/normalize";
import { sortProblems, type Problem } from "./problems";
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
}

export type BuildResult = { readonly model: Model; readonly files: GeneratedFile[]; readonly problems: [] } | { readonly problems: Problem[] };

/** Everything up to the files, in memory. */
export async function build(options: GenerateOptions): Promise<BuildResult> {
  const { loaded, problems: loadProblems } = loadManifest(options.manifestPath, options.cwd);
  if (!loaded) return { problems: sortProblems(loadProblems) };
  const schemaProblems = validateSchema(loaded);
  if (schemaProblems.length > 0) return { problems: sortProblems(schemaProblems) };
  const { model, problems } = normalize(loaded, environmentFor(options.overridesDir ?? join(options.root, "src", "overrides")));
  if (!model) return { problems: sortProblems(problems) };
  return { model, files: emitAll(model), problems: [] };
}

/**
 * Output that follows from the contract alone, whatever the manifest: the manifest's own types
 * (from schema/manifest.schema.json) and the clients of the hand-written calls (schema/contract/calls.ts).
 */
export async function buildContractFiles(): Promise<GeneratedFile[]> {
  return [...(await emitManifestTypes(manifestSchema)), ...emitManifestReference(manifestSchema), ...(await emitCallClients(CALLS))];
}

export type GenerateResult = { readonly problems: Problem[]; readonly write?: WriteResult };

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const [built, contractFiles] = await Promise.all([build(options), buildContractFiles()]);
  if (!("files" in built)) return { problems: built.problems };
  return { problems: [], write: writeFiles(options.root, [...built.files, ...contractFiles], options.check ?? false) };
}

export { formatProblem, shownProblems, type Problem } from "./problems";
export type { Model } from "./model/model";
