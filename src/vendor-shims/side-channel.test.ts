// The side-channel shim (vite.config.ts aliases it for qs): the package's API, and qs through it.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const getSideChannel = require("./side-channel.cjs") as () => {
  assert(key: unknown): void;
  delete(key: unknown): boolean;
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  set(key: unknown, value: unknown): void;
};

describe("side-channel shim", () => {
  it("keeps a value per object and per primitive, each channel its own", () => {
    const channel = getSideChannel();
    const key = {};
    expect(channel.has(key)).toBe(false);
    expect(() => channel.assert(key)).toThrow(TypeError);
    channel.set(key, 1);
    channel.set("a", 2);
    expect([channel.get(key), channel.get("a"), channel.has({})]).toEqual([1, 2, false]);
    expect(getSideChannel().has(key)).toBe(false);
    expect(channel.delete(key)).toBe(true);
    expect(channel.has(key)).toBe(false);
  });
});
