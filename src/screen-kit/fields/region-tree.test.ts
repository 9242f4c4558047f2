import { afterEach, describe, expect, it, vi } from "vitest";
import { ok, stubFetch } from "../../test-support/fetch-stub";
import {
  ancestorCandidates,
  buildRegionOptions,
  fetchRegionChildren,
  resolveRegionPath,
  type RegionArea,
} from "./region-tree";

afterEach(() => vi.unstubAllGlobals());

const TREE: Record<string, RegionArea[]> = {
  "": [
    { code: "110000", name: "北京市" },
    { code: "440000", name: "广东省" },
  ],
  "110000": [{ code: "110101", name: "东城区" }],
  "440000": [
    { code: "440100", name: "广州市" },
    { code: "441900", name: "东莞市" },
  ],
  "440100": [{ code: "440106", name: "天河区" }],
  "441900": [],
};
const load = vi.fn((parent: string) => Promise.resolve(TREE[parent] ?? []));

describe("region tree", () => {
  it("asks for the provinces without a parent_code, then for a parent's children", async () => {
    const calls = stubFetch(ok([{ code: 110000, name: "北京市" }]));
    await expect(fetchRegionChildren("")).resolves.toEqual([{ code: "110000", name: "北京市" }]);
    expect(calls[0].url).toBe("/api/org/addressareas/findByParentCode");
    await fetchRegionChildren("440000");
    expect(calls[1].query).toEqual({ parent_code: "440000" });
  });

  it("derives ancestor candidates", () => {
    expect(ancestorCandidates("440106")).toEqual(["440000", "440100"]);
    expect(ancestorCandidates("440000")).toEqual([]);
  });

  it("resolves a district through province and city", async () => {
    const { path, levels } = await resolveRegionPath("440106", load);
    expect(path).toEqual(["440000", "440100", "440106"]);
    expect([...levels.keys()]).toEqual(["", "440000", "440100"]);
  });

  it("resolves a municipality district without a city level", async () => {
    expect((await resolveRegionPath("110101", load)).path).toEqual(["110000", "110101"]);
  });

  it("gives an empty path for unknown codes", async () => {
    expect((await resolveRegionPath("990101", load)).path).toEqual([]);
  });

  it("builds cascader options, leaves at district depth or without children", () => {
    const levels = new Map(Object.entries(TREE).filter(([key]) => ["", "440000", "440100", "441900"].includes(key)));
    const options = buildRegionOptions(levels);
    expect(options.map((o) => [o.value, o.isLeaf, o.children?.length])).toEqual([
      ["110000", false, undefined],
      ["440000", false, 2],
    ]);
    const [guangzhou, dongguan] = options[1].children!;
    expect(guangzhou.children).toEqual([{ value: "440106", label: "天河区", isLeaf: true }]);
    expect(dongguan).toEqual({ value: "441900", label: "东莞市", isLeaf: true });
  });

  it("stops at a shallower level (manifest regionLevel): cities are leaves at depth 2, provinces at depth 1", () => {
    const levels = new Map(Object.entries(TREE).filter(([key]) => ["", "440000", "440100"].includes(key)));
    const [, guangdong] = buildRegionOptions(levels, "", 0, 2);
    expect(guangdong.isLeaf).toBe(false);
    expect(guangdong.children!.map((city) => [city.value, city.isLeaf, city.children])).toEqual([
      ["440100", true, undefined],
      ["441900", true, undefined],
    ]);
    expect(
      buildRegionOptions(levels, "", 0, 1).map((province) => [province.value, province.isLeaf, province.children]),
    ).toEqual([
      ["110000", true, undefined],
      ["440000", true, undefined],
    ]);
  });
});
