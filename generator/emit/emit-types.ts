// src/generated/types/<resource>.gen.ts: record and input interfaces, made from the JSON Schemas by json-schema-to-typescript.
import { compile } from "json-schema-to-typescript";
import type { Model, ResourceModel } from "../model/model";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";
import { inputSchema, recordSchema } from "./json-schemas";

const OPTIONS = { bannerComment: "", additionalProperties: false, format: false, strictIndexSignatures: true, unknownAny: true } as const;

async function typesOf(resource: ResourceModel): Promise<string> {
  const schemas: [string, Record<string, unknown>][] = [[`${resource.typeName}Record`, recordSchema(resource)]];
  if (resource.kind === "entity") {
    schemas.push([`${resource.typeName}CreateInput`, inputSchema(resource, "create")]);
    schemas.push([`${resource.typeName}UpdateInput`, inputSchema(resource, "update")]);
  }
  const parts = await Promise.all(
    schemas.map(([title, schema]) => compile({ ...schema, title }, title, { ...OPTIONS, declareExternallyReferenced: true })),
  );
  return parts.join("\n");
}

export async function emitTypes(model: Model): Promise<GeneratedFile[]> {
  return Promise.all(
    model.resources.map(async (resource) => ({
      path: `${SRC_OUT}/types/${resource.name}.gen.ts`,
      content: `${banner(model.manifestFile)}\n${await typesOf(resource)}`,
    })),
  );
}
