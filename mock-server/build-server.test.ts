// The node command line of the compiled server is written twice: package.json's `serve` script
// (npm start, the browser tests) and SERVER_NODE_FLAGS (bench/mock-server). They must not drift.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { serverNodeArgs } from "./build-server";

const scripts = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, "..", "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts;

describe("the compiled server's command line", () => {
  it("npm run serve runs the same node flags and file as the benchmarks", () => {
    expect(scripts.serve).toBe(["node", ...serverNodeArgs()].join(" "));
  });

  it("npm start compiles the server before it serves it", () => {
    expect(scripts.start).toMatch(/npm run build:server && .*npm run serve$/);
  });
});
