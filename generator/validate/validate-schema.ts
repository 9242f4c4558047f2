// Validates the manifest and each resource file against schema/manifest.schema.json (ajv, compiled once).
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import manifestSchema from "../../schema/manifest.schema.json" with { type: "json" };
import type { LoadedManifest } from "../load/load-manifest";
import type { YamlSource } from "../load/yaml-source";
import type { Problem } from "../problems";

let compiled: { manifest: ValidateFunction; resource: ValidateFunction } | undefined;

function validators() {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addSchema(manifestSchema);
    compiled = {
      manifest: ajv.getSchema(manifestSchema.$id)!,
      resource: ajv.compile({ $ref: `${manifestSchema.$id}#/$defs/resource` }),
    };
  }
  return compiled;
}

/** Errors that only restate another one (the branches of if/then, anyOf, oneOf). */
const NOISE = new Set(["if", "anyOf", "oneOf", "not"]);

function describe(error: ErrorObject): { pointer: string; message: string; atKey: boolean } {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties":
      return {
        pointer: `${error.instancePath}/${String(params.additionalProperty)}`,
        message: `unknown property '${String(params.additionalProperty)}'`,
        atKey: true,
      };
    case "required":
      return {
        pointer: error.instancePath,
        message: `missing required property '${String(params.missingProperty)}'`,
        atKey: false,
      };
    case "enum":
      return {
        pointer: error.instancePath,
        message: `must be one of: ${(params.allowedValues as unknown[]).map(String).join(", ")}`,
        atKey: false,
      };
    case "propertyNames":
      return {
        pointer: `${error.instancePath}/${String(params.propertyName)}`,
        message: `invalid name '${String(params.propertyName)}'`,
        atKey: true,
      };
    default:
      return { pointer: error.instancePath, message: error.message ?? error.keyword, atKey: false };
  }
}

function toProblems(source: YamlSource, errors: readonly ErrorObject[] | null | undefined): Problem[] {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of errors ?? []) {
    if (NOISE.has(error.keyword)) continue;
    // propertyNames reports twice: once for the name's own rule, once for the name itself
    if (error.propertyName !== undefined && error.keyword !== "propertyNames") continue;
    const { pointer, message, atKey } = describe(error);
    const key = `${pointer}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ file: source.file, ...source.locate(pointer, atKey), pointer, message });
  }
  return problems;
}

export function validateSchema(loaded: LoadedManifest): Problem[] {
  const { manifest, resource } = validators();
  const problems: Problem[] = [];
  if (!manifest(loaded.manifest.data)) problems.push(...toProblems(loaded.manifest, manifest.errors));
  for (const source of loaded.resources) {
    if (!resource(source.data)) problems.push(...toProblems(source, resource.errors));
  }
  return problems;
}
