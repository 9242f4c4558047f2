import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hashOf, openFormatCache } from "./format-cache";
import { formatCacheAt, formatFile } from "./format";

const file = () => join(mkdtempSync(join(tmpdir(), "fmt-cache-")), "format.json");
const ugly = "export const x = {a:1,   b:[1,2]}";

describe("format cache", () => {
  it("returns exactly what prettier returns, and serves it from the cache on the next run", async () => {
    const path = file();
    const cold = formatCacheAt(path);
    const first = await formatFile("src/generated/a.gen.ts", ugly, cold);
    expect(first).toBe("export const x = { a: 1, b: [1, 2] };\n");
    cold.save();
    const version = JSON.parse(readFileSync(path, "utf8")).version as string;
    const warm = openFormatCache(path, version);
    expect(warm.get(hashOf(`src/generated/a.gen.ts\n${ugly}`))).toBe(first);
  });

  it("keeps only the entries the last run used", async () => {
    const path = file();
    const cold = formatCacheAt(path);
    await formatFile("src/generated/a.gen.ts", ugly, cold);
    cold.save();
    formatCacheAt(path).save(); // a run that formatted nothing
    expect(JSON.parse(readFileSync(path, "utf8")).entries).toEqual({});
  });

  it("ignores a cache written for another prettier version or a damaged file", () => {
    const path = file();
    writeFileSync(path, JSON.stringify({ version: "0.0.0", entries: { k: "stale" } }));
    expect(openFormatCache(path, "1.0.0").get("k")).toBeUndefined();
    writeFileSync(path, "{not json");
    expect(openFormatCache(path, "1.0.0").get("k")).toBeUndefined();
  });
});
