// The output that follows from the contract alone: the manifest's types and the call clients.
import { describe, expect, it } from "vitest";
import manifestSchema from "../../schema/manifest.schema.json" with { type: "json" };
import type { CallContract } from "../../schema/contract/call-contract";
import { emitCallClients } from "./emit-calls";
import { emitManifestTypes, typingSchema } from "./emit-manifest-types";

const CALLS: Record<string, CallContract> = {
  listThings: {
    endpoint: { method: "GET", path: "/api/things" },
    owner: "things.list",
    access: "open",
    summary: "Things",
    data: { type: "array", items: { type: "string" } },
  },
  saveThing: {
    endpoint: { method: "POST", path: "/api/things/save" },
    owner: "things.save",
    access: "granted",
    summary: "Save a thing",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["name"],
      properties: { name: { type: "string" } },
    },
    data: { type: "null" },
  },
  attachThing: {
    endpoint: { method: "POST", path: "/api/things/files" },
    owner: "things.files",
    access: "granted",
    summary: "Attach files",
    body: "multipart",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["thing_id"],
      properties: { thing_id: { type: "integer" } },
    },
    data: { type: "null" },
  },
};

describe("emitCallClients", () => {
  it.each([
    {
      given: "a call without input",
      want: "export function listThings(signal?: AbortSignal, options?: CallOptions): Promise<ListThingsData> {",
    },
    {
      given: "a call with input",
      want: "export function saveThing(input: SaveThingInput, signal?: AbortSignal, options?: CallOptions): Promise<SaveThingData> {",
    },
    { given: "its options passed through", want: "    },\n    { ...input },\n    signal,\n    options,\n  );" },
    { given: "its input type", want: "export interface SaveThingInput {\n  name: string;\n}" },
    {
      given: "a multipart call: its fields and files",
      want: "export function attachThing(\n  input: AttachThingInput,\n  files: readonly Blob[],\n  signal?: AbortSignal,\n): Promise<AttachThingData> {",
    },
    {
      given: "the request module",
      want: 'import { callEndpoint, callMultipart, type CallOptions } from "../endpoint-call";',
    },
  ])("$given", async ({ want }) => {
    const [file] = await emitCallClients(CALLS);
    expect(file.path).toBe("src/api/generated/calls.gen.ts");
    expect(file.content).toContain(want);
  });
});

describe("emitManifestTypes", () => {
  it("drops conditional rules and $ref siblings from the typing copy", () => {
    const typing = JSON.stringify(typingSchema(manifestSchema));
    expect(typing).not.toMatch(/"if":|"then":/);
  });

  it("declares the raw manifest types once each, under schema/contract", async () => {
    const [file] = await emitManifestTypes(manifestSchema);
    expect(file.path).toBe("schema/contract/manifest.gen.ts");
    for (const name of ["RawManifest", "RawMenu", "RawResource", "RawField", "RawAction", "Translated"])
      expect(file.content.match(new RegExp(`export (interface|type) ${name}\\b`, "g")), name).toHaveLength(1);
    expect(file.content).not.toMatch(/Translated1|Action1/);
  });
});
