import { describe, expect, it } from "vitest";
import { exactManifest } from "./load-manifest";
import type { Parsed, YamlSource } from "./yaml-source";

/** A source read fast whose reference reading is `exact`. */
function fastSource(file: string, data: unknown, exact: (source: YamlSource) => Parsed): YamlSource {
  const source: YamlSource = { file, data, locate: () => ({ line: 1, col: 1 }), exact: () => exact(source) };
  return source;
}
const same = (source: YamlSource): Parsed => ({
  source: { ...source, exact: () => ({ source, problems: [] }) },
  problems: [],
});

describe("exactManifest: a run with problems tells them as the reference parser reads the files", () => {
  it("keeps the manifest (and its problems) when every file reads the same, keys in the same order", () => {
    const loaded = {
      manifest: fastSource("m.yaml", { a: 1, b: [1, { c: null }] }, same),
      resources: [fastSource("r.yaml", { x: "y" }, same)],
    };
    expect(exactManifest(loaded)).toEqual({ loaded, problems: [] });
    expect(exactManifest(loaded).loaded).toBe(loaded);
  });

  it("takes the reference's reading when a file reads differently there, even only in key order", () => {
    const reordered = fastSource("r.yaml", { a: 1, b: 2 }, (source) => ({
      source: { ...source, data: { b: 2, a: 1 } },
      problems: [],
    }));
    const loaded = { manifest: fastSource("m.yaml", {}, same), resources: [reordered] };
    const exact = exactManifest(loaded);
    expect(exact.loaded).not.toBe(loaded);
    expect(Object.keys(exact.loaded!.resources[0].data as object)).toEqual(["b", "a"]);
  });

  it("gives the reference's parse problems when it refuses a file the fast reading took", () => {
    const problem = { file: "r.yaml", line: 3, col: 5, pointer: "", message: "YAML: bad" };
    const loaded = {
      manifest: fastSource("m.yaml", {}, same),
      resources: [fastSource("r.yaml", {}, () => ({ problems: [problem] }))],
    };
    expect(exactManifest(loaded)).toEqual({ problems: [problem] });
  });
});
