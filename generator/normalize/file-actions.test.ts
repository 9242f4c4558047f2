// An upload's form fields are required only where its call requires them: given the real calls of
// schema/contract/calls.ts, want the fields the form may leave empty.
import { describe, expect, it } from "vitest";
import type { YamlSource } from "../load/yaml-source";
import { fileActionOf } from "./file-actions";
import { ProblemSink } from "./context";

const file = { file: "resources/x.yaml", locate: () => ({ line: 1, col: 1 }) } as unknown as YamlSource;

describe("fileActionOf: an upload's optional fields", () => {
  it.each<{ call: string; fields: [string, ...string[]]; optional?: string[] }>([
    { call: "waybillImport", fields: ["dealer_id", "warehouse_id", "waybill_no"], optional: ["waybill_no"] },
    { call: "codeBatchImport", fields: ["order_id"], optional: undefined },
  ])("$call: $optional", ({ call, fields, optional }) => {
    const sink = new ProblemSink();
    const parts = fileActionOf(
      "x",
      "import",
      {
        call,
        kind: "upload",
        scope: "collection",
        title: { zh: "上传", en: "Upload", es: "Subir", ja: "アップロード" },
        fields,
      },
      file,
      new Set(fields),
      sink,
    );
    expect(sink.problems).toEqual([]);
    expect(parts?.upload?.optional).toEqual(optional);
  });
});
