import { describe, expect, it } from "vitest";
import { createParseCache, NO_PARSE_CACHE } from "./parse-cache";

describe("parse cache (watch mode)", () => {
  it("reuses a file's parse while its text is the same, and parses again once it changes", () => {
    const cache = createParseCache();
    const first = cache.parse("a.yaml", "name: a\n");
    expect(cache.parse("a.yaml", "name: a\n")).toBe(first);
    const changed = cache.parse("a.yaml", "name: b\n");
    expect(changed).not.toBe(first);
    expect(changed.source?.data).toEqual({ name: "b" });
    expect(cache.parse("a.yaml", "name: b\n")).toBe(changed);
  });

  it("keeps files apart by path, and keeps a broken file's problems as they were found", () => {
    const cache = createParseCache();
    const a = cache.parse("a.yaml", "x: 1\n");
    const b = cache.parse("b.yaml", "x: 1\n");
    expect(b).not.toBe(a);
    expect(b.source?.file).toBe("b.yaml");
    const broken = cache.parse("a.yaml", "x: {1\n");
    expect(broken.problems[0]).toMatchObject({ file: "a.yaml", line: 1 });
    expect(cache.parse("a.yaml", "x: {1\n")).toBe(broken);
  });

  it("a one-shot run keeps nothing", () => {
    expect(NO_PARSE_CACHE.parse("a.yaml", "x: 1\n")).not.toBe(NO_PARSE_CACHE.parse("a.yaml", "x: 1\n"));
  });
});
